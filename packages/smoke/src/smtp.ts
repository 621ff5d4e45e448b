/**
 * A real SMTP server on loopback (the `smtp-server` package, by Nodemailer's authors): the API
 * holds a real SMTP conversation with it (EHLO, MAIL FROM, RCPT TO, DATA) as it would with the
 * provider's mail relay. Every message is kept with its envelope and parsed headers.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  /** Header names in lower case; folded lines joined, RFC 2047 words decoded. */
  headers: Map<string, string>;
  /** The whole message with quoted-printable undone, for reading what the customer reads. */
  text: string;
  raw: string;
}

export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    // Loopback, like a relay reached over a private network; the production relay's TLS and
    // credentials are the SMTP_URL's business, not this test's.
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (c: string) => (raw += c));
      stream.on("end", () => {
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          headers: parseHeaders(raw),
          text: decodeQuotedPrintable(raw),
          raw,
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.server.address() as AddressInfo).port)),
  );
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function decodeWords(value: string): string {
  return value.replace(/=\?([\w-]+)\?([QB])\?(.*?)\?=/gi, (_, _charset: string, enc: string, text: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

export function parseHeaders(raw: string): Map<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of unfolded.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    // Adjacent encoded words are joined without the space between them (RFC 2047, 6.2).
    const value = decodeWords(
      line
        .slice(i + 1)
        .trim()
        .replace(/\?=\s+=\?/g, "?==?"),
    );
    if (!headers.has(name)) headers.set(name, value);
  }
  return headers;
}

function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, "");
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    "latin1",
  ).toString("utf8");
}
