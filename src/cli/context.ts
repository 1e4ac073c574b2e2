// What every command needs: the validated configuration and a way to open the store.
import { type Config, type ConfigOverrides, loadConfig } from "../config/config.js";
import { loadNewsroomsFile, type NewsroomInfo } from "../config/newsrooms.js";
import type { ManifestStore } from "../store/manifest-store.js";
import { openStore } from "../store/open-store.js";

export interface GlobalOptions {
  dataDir?: string;
  databaseUrl?: string;
  baseUrl?: string;
  port?: string;
}

export interface CommandContext {
  config: Config;
  openStore(): Promise<ManifestStore>;
  newsrooms(): NewsroomInfo[];
}

export function createContext(options: GlobalOptions): CommandContext {
  const overrides: ConfigOverrides = {
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    baseUrl: options.baseUrl,
    port: options.port,
  };
  const config = loadConfig(process.env, overrides);
  return {
    config,
    openStore: () => openStore(config),
    newsrooms: () => loadNewsroomsFile(config.newsroomsFile),
  };
}
