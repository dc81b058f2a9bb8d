import nodemailer, { type SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MailServer, parseMail, startMailServer } from "../helpers/smtp.ts";

describe("test mail server (tests/helpers/smtp.ts)", () => {
  let mail: MailServer;

  beforeAll(async () => {
    mail = await startMailServer();
  });
  afterAll(async () => {
    await mail.close();
  });

  const send = async (message: SendMailOptions, transportOptions: Record<string, unknown> = {}) => {
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: mail.port,
      secure: false,
      ignoreTLS: true,
      ...transportOptions,
    });
    try {
      await transport.sendMail({ from: "Sprog <no-reply@sprog.test>", ...message });
    } finally {
      transport.close();
    }
  };

  it("receives a multipart message and decodes subject, text and HTML", async () => {
    await send({
      to: "Someone@Example.test",
      subject: "123456 is your Sprog code — ÆØÅ",
      text: "Your Sprog sign-in code is 123456\n\nIt expires in 10 minutes. Ærø",
      html: '<p style="font-size:32px">123456</p><p>Ærø — æøå</p>',
    });
    const received = await mail.waitForMail("someone@example.test", { timeoutMs: 5000 });
    expect(received.to).toEqual(["someone@example.test"]);
    expect(received.from).toBe("no-reply@sprog.test");
    expect(received.subject).toBe("123456 is your Sprog code — ÆØÅ");
    expect(received.text).toBe("Your Sprog sign-in code is 123456\n\nIt expires in 10 minutes. Ærø");
    expect(received.html).toBe('<p style="font-size:32px">123456</p><p>Ærø — æøå</p>');
    expect(received.headers["content-type"]).toMatch(/^multipart\/alternative/);
    await expect(mail.codeFor("SOMEONE@example.test")).resolves.toBe("123456");
  });

  it("decodes base64 and quoted-printable parts and long lines", async () => {
    const long = `Code 654321. ${"lorem ipsum dolor sit amet ".repeat(20)}`.trim();
    await send({
      to: "b64@example.test",
      subject: "base64",
      text: { content: long },
      html: { content: `<p>${long}</p>` },
      textEncoding: "base64",
    });
    await send({
      to: "qp@example.test",
      subject: "quoted-printable = equals",
      text: `${long} æ = done`,
      html: `<p class="x">${long} æ</p>`,
      textEncoding: "quoted-printable",
    });
    const b64 = await mail.waitForMail("b64@example.test");
    expect(b64.raw).toMatch(/Content-Transfer-Encoding: base64/i);
    expect(b64.text).toBe(long);
    expect(b64.html).toBe(`<p>${long}</p>`);
    const qp = await mail.waitForMail("qp@example.test");
    expect(qp.raw).toMatch(/Content-Transfer-Encoding: quoted-printable/i);
    expect(qp.subject).toBe("quoted-printable = equals");
    expect(qp.text).toBe(`${long} æ = done`);
    expect(qp.html).toBe(`<p class="x">${long} æ</p>`);
    await expect(mail.codeFor("qp@example.test")).resolves.toBe("654321");
  });

  it("waits for the next message and answers the latest code; times out clearly", async () => {
    const pending = mail.codeFor("later@example.test", { count: 2, timeoutMs: 5000 });
    await send({ to: "later@example.test", subject: "first", text: "code 111111", html: "<b>111111</b>" });
    await send({ to: "later@example.test", subject: "second", text: "code 222222", html: "<b>222222</b>" });
    await expect(pending).resolves.toBe("222222");
    expect(mail.mailsTo("later@example.test").map((m) => m.subject)).toEqual(["first", "second"]);
    await expect(mail.waitForMail("nobody@example.test", { timeoutMs: 200 })).rejects.toThrow(
      /No e-mail #1 to nobody@example.test within 200 ms/,
    );
  });

  it("works through a pooled transport given as an smtp:// URL (as the server sends)", async () => {
    const transport = nodemailer.createTransport(`${mail.url}?pool=true`);
    try {
      await transport.sendMail({
        from: "no-reply@sprog.test",
        to: "pool@example.test",
        subject: "pooled",
        text: "Your code is 987654",
        html: "<p>987654</p>",
      });
    } finally {
      transport.close();
    }
    await expect(mail.codeFor("pool@example.test")).resolves.toBe("987654");
  });

  it("parses a hand-written message with nested multiparts and encoded words", () => {
    const raw = [
      "Subject: =?UTF-8?B?SGVqIMOYc3Rlcg==?= =?UTF-8?Q?_og_=C3=A6ble?=",
      "To: a@example.test",
      'Content-Type: multipart/mixed; boundary="outer"',
      "",
      "preamble",
      "--outer",
      "Content-Type: multipart/alternative;",
      ' boundary="inner"',
      "",
      "--inner",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Line one is long enough to be soft-=",
      "wrapped =C3=A6 and 000042",
      "--inner",
      "Content-Type: text/html; charset=utf-8",
      "",
      "<p>html</p>",
      "--inner--",
      "--outer",
      "Content-Type: text/plain",
      "Content-Disposition: attachment; filename=a.txt",
      "",
      "attachment",
      "--outer--",
      "",
    ].join("\r\n");
    const parsed = parseMail(raw, { from: "", to: ["a@example.test"] });
    expect(parsed.subject).toBe("Hej Øster og æble");
    expect(parsed.text).toBe("Line one is long enough to be soft-wrapped æ and 000042");
    expect(parsed.html).toBe("<p>html</p>");
  });
});
