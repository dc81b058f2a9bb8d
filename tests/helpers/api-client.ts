export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** A client that keeps its session cookie, like a browser tab. */
export class ApiClient {
  cookie = "";

  /**
   * `headers` go with every request: an API key client is `new ApiClient(url, { "x-api-key": key })`.
   */
  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  /**
   * One request: a JSON body (or FormData, sent as multipart, or `rawBody` as it is); the answer's
   * JSON parsed, its bytes when `bytes` is set and it succeeded, its text otherwise.
   */
  async request<T = unknown>(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string>; bytes?: boolean } = {},
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { ...this.headers, ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body: string | FormData | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (typeof body === "string") headers["content-type"] ??= "application/json";
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    this.keepCookies(response.headers);
    // A refusal of a file endpoint is the API's JSON error, not a file.
    const refused = response.status >= 400 && (response.headers.get("content-type") ?? "").includes("json");
    if (options.bytes && !refused) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      return { status: response.status, headers: response.headers, body: bytes as T };
    }
    const text = await response.text();
    const type = response.headers.get("content-type") ?? "";
    return {
      status: response.status,
      headers: response.headers,
      body: (type.includes("json") && text ? JSON.parse(text) : text) as T,
    };
  }

  /** Takes the answer's Set-Cookie headers into the jar (also for requests made outside `request`). */
  keepCookies(headers: Headers) {
    const jar = new Map(
      this.cookie
        .split("; ")
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
    );
    for (const setCookie of headers.getSetCookie()) {
      const [pair = ""] = setCookie.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (value === "" || /max-age=0/i.test(setCookie)) jar.delete(name);
      else jar.set(name, value);
    }
    this.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}
