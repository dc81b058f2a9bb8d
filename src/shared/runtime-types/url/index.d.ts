// The URL standard's class, which shared code uses to read a host name the way browsers and Node
// do (punycode for international names). Both runtimes have it, but TypeScript declares it only in
// its DOM library and @types/node, which src/shared must not see. A subset of the DOM library's
// shape, so a file checks alike under both configurations.

interface URL {
  hash: string;
  host: string;
  hostname: string;
  href: string;
  readonly origin: string;
  pathname: string;
  port: string;
  protocol: string;
  search: string;
  toString(): string;
}

declare var URL: {
  prototype: URL;
  new (url: string, base?: string | URL): URL;
};
