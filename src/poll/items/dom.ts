// The few DOM shapes this folder uses, over linkedom: its own types reference the browser's
// DOM library, which this Node project does not load, so they are declared here narrowly.
import { parseHTML } from "linkedom";

export interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

export interface DomElement extends DomNode {
  innerHTML: string;
  setAttribute(name: string, value: string): void;
}

export interface DomDocument {
  head: { appendChild(node: DomElement): unknown } | null;
  createElement(name: string): DomElement;
}

/** A whole HTML document, parsed by linkedom. */
export const parseDocument = parseHTML as unknown as (html: string) => { document: DomDocument };
