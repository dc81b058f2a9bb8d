// The globals of the Fetch and URL standards that the contract's request mapping uses to build a
// request (src/shared/contract/http-request.ts): a multipart body and a query string; and the URL
// parser that cuts a typed domain down to its host (src/shared/schemas/sso.ts). Browsers and
// Node both have them, but TypeScript declares them only in its DOM library and @types/node, which
// src/shared must not see. Only the members shared code uses, with the DOM library's shapes.

interface Blob {
  readonly size: number;
  readonly type: string;
}

declare var Blob: {
  prototype: Blob;
  new (): Blob;
};

type FormDataEntryValue = string | Blob;

interface FormData {
  set(name: string, value: string | Blob, fileName?: string): void;
  get(name: string): FormDataEntryValue | null;
}

declare var FormData: {
  prototype: FormData;
  new (): FormData;
};

interface URLSearchParams {
  set(name: string, value: string): void;
  toString(): string;
}

declare var URLSearchParams: {
  prototype: URLSearchParams;
  new (init?: string): URLSearchParams;
};

interface URL {
  readonly hostname: string;
  readonly href: string;
}

declare var URL: {
  prototype: URL;
  new (url: string, base?: string): URL;
};
