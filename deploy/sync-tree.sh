#!/bin/sh
# Copies the published editions of this machine's data directory to the data directories of
# other machines (rsync destinations: host:/path over ssh, or a local path), in the order
# that keeps every reader there on a complete edition:
#   1. archive/ (story buckets, immutable once complete) and trees/ (one tree per publish),
#      new files only, hard links and modification times kept (nginx's ETags stay the same);
#   2. the `public` link, as it was when this run started (rsync replaces a link by a rename:
#      readers see the old edition or the new one, never none);
#   3. then, with --delete, what the publisher has pruned since.
# Run it after every publish, e.g. from a loop that watches `readlink public` (docs/deploy.md):
#   deploy/sync-tree.sh /var/lib/svc web2:/var/lib/svc web3:/var/lib/svc
# (each destination directory must exist).
set -eu

[ $# -ge 2 ] || { echo "usage: sync-tree.sh DATA_DIR DESTINATION..." >&2; exit 2; }
src=${1%/}
shift
live=$(readlink "$src/public") || { echo "sync-tree.sh: $src/public is not a link" >&2; exit 1; }
snapshot=$(mktemp -d)
trap 'rm -rf "$snapshot"' EXIT
ln -s "$live" "$snapshot/public"

# Half-written trees and buckets of a publish in progress stay behind.
partial="--exclude=.incoming-* --exclude=.legacy-*"
for dest in "$@"; do
  dest=${dest%/}
  rsync -aH $partial "$src/archive/" "$dest/archive/"
  rsync -aH $partial "$src/trees/" "$dest/trees/"
  rsync -a "$snapshot/public" "$dest/"
  rsync -aH --delete $partial "$src/archive/" "$dest/archive/"
  rsync -aH --delete $partial "$src/trees/" "$dest/trees/"
done
