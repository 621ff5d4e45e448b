/**
 * The Website area (issue 35, decisions 360-364): drafts, publishing, versions and restore, the
 * preview link, roles, the Markdown sanitiser against hostile inputs, and a publish reaching a
 * second instance's cached answer through the catalogue change stream.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertUser } from "../src/modules/auth/service";
import { renderMarkdown } from "../src/modules/website/markdown";
import { WEBSITE_DEFAULTS } from "../src/modules/website/defaults";
import { placeholderFields } from "../src/modules/website/identity-check";
import { login, loginAdmin, secondInstance, setupApp, type Session, type TestContext } from "./helpers";
import { pngDataUrl } from "./fixtures";

let ctx: TestContext;
let owner: Session;
let office: Session;
let trainer: Session;
const PASSWORD = "Str0ng!Passw0rd-test";

beforeAll(async () => {
  ctx = await setupApp();
  owner = await loginAdmin(ctx);
  await upsertUser(ctx.db, {
    email: "olive.web@example.com",
    name: "Olive Office",
    password: PASSWORD,
    isAdmin: true,
    role: "office",
  });
  await upsertUser(ctx.db, { email: "tess.web@example.com", name: "Tess", password: PASSWORD, isAdmin: true, role: "trainer" });
  office = await login(ctx.app, "olive.web@example.com", PASSWORD);
  trainer = await login(ctx.app, "tess.web@example.com", PASSWORD);
});
afterAll(() => ctx.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, read by path
type Sections = Record<string, { version: number; publishedAt: string; body: Record<string, any> }>;
const published = async (app = ctx.app) => (await app.inject({ method: "GET", url: "/api/website" })).json().sections as Sections;
const call = (who: Session | null, method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });
const faqWith = (answer: string) => ({
  items: WEBSITE_DEFAULTS.faq.items.map((item, i) => (i === 3 ? { ...item, answer } : item)),
});

describe("published texts", () => {
  it("reads today's words (version 0) before anything is published, with a tag the site can check", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/website" });
    expect(res.statusCode).toBe(200);
    const sections = res.json().sections as Sections;
    expect(sections.identity!.version).toBe(0);
    expect(sections.identity!.body.phone).toBe("0151 496 0321");
    expect(sections.faq!.body.items).toHaveLength(7);
    expect(sections.policies!.body.items).toHaveLength(7);
    expect(sections.reviews!.body.items).toHaveLength(11);
    expect(sections.policies!.body.items[0].bodyHtml).toContain("<p>{provider} is committed");
    expect(sections.about!.body.whoTextHtml).toContain("<p>{provider} was set up by a family");
    expect(sections.about!.body.whatTextHtml).toContain("<li>Free unlimited retakes</li>");
    expect(sections.contact!.body.subtitle).toMatch(/^Questions about a course/);
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await ctx.app.inject({ method: "GET", url: "/api/website", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
  });
});

describe("drafts, publishing, versions and restore", () => {
  it("keeps an edit as a draft until it is published; each publish is a version; a restore publishes an old one again", async () => {
    const before = await ctx.app.inject({ method: "GET", url: "/api/website" });
    const save = await call(office, "PUT", "/api/admin/website/draft", {
      section: "faq",
      body: faqWith("Ask us: **free** retakes."),
    });
    expect(save.statusCode).toBe(200);
    expect(save.json()).toMatchObject({ section: "faq", hasDraft: true, draftSavedBy: "Olive Office", current: null });
    // Visitors still see the published words.
    expect((await published()).faq!.body.items[3].answer).not.toContain("free** retakes");
    const state = (await call(office, "GET", "/api/admin/website/faq")).json();
    expect(state.body.items[3].answer).toBe("Ask us: **free** retakes.");

    const pub = await call(office, "POST", "/api/admin/website/faq/publish");
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({ hasDraft: false, current: { publishedBy: "Olive Office", restoredFrom: null } });
    const first = pub.json().current.id as number;
    const after = await ctx.app.inject({
      method: "GET",
      url: "/api/website",
      headers: { "if-none-match": before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().sections.faq.body.items[3].answerHtml).toBe("<p>Ask us: <strong>free</strong> retakes.</p>");
    expect(after.json().sections.faq.version).toBe(first);

    // Nothing left to publish.
    expect((await call(office, "POST", "/api/admin/website/faq/publish")).statusCode).toBe(409);

    await call(office, "PUT", "/api/admin/website/draft", { section: "faq", body: faqWith("Second answer.") });
    const second = (await call(owner, "POST", "/api/admin/website/faq/publish")).json();
    expect(second.versions.map((v: { id: number }) => v.id)).toEqual([second.current.id, first]);
    expect((await published()).faq!.body.items[3].answer).toBe("Second answer.");

    const old = await call(office, "GET", `/api/admin/website/faq/versions/${first}`);
    expect(old.json().body.items[3].answer).toBe("Ask us: **free** retakes.");
    const restored = await call(office, "POST", `/api/admin/website/faq/versions/${first}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().current).toMatchObject({ restoredFrom: first });
    expect(restored.json().versions).toHaveLength(3);
    expect((await published()).faq!.body.items[3].answer).toBe("Ask us: **free** retakes.");
    expect((await call(office, "GET", "/api/admin/website/faq/versions/999999")).statusCode).toBe(404);
    expect((await call(office, "POST", "/api/admin/website/identity/versions/" + first + "/restore")).statusCode).toBe(404);
  });

  it("discards a draft", async () => {
    await call(office, "PUT", "/api/admin/website/draft", {
      section: "banner",
      body: { text: "Closed Friday", startsOn: null, endsOn: null },
    });
    const gone = await call(office, "DELETE", "/api/admin/website/banner/draft");
    expect(gone.json()).toMatchObject({ hasDraft: false, body: { text: "" } });
  });

  it("validates each section's document at the contract (400 with the field, never 500)", async () => {
    const badPhone = await call(office, "PUT", "/api/admin/website/draft", {
      section: "identity",
      body: { ...WEBSITE_DEFAULTS.identity, email: "not-an-email" },
    });
    expect(badPhone.statusCode).toBe(400);
    const badRating = await call(office, "PUT", "/api/admin/website/draft", {
      section: "reviews",
      body: { items: [{ name: "A", rating: 9, date: "2025-01-01", text: "x", source: "Google" }] },
    });
    expect(badRating.statusCode).toBe(400);
    expect((await call(office, "PUT", "/api/admin/website/draft", { section: "nope", body: {} })).statusCode).toBe(400);
    expect((await call(office, "GET", "/api/admin/website/nope")).statusCode).toBe(404);
  });

  it("stores a news picture through the image pipeline and keeps its path", async () => {
    const post = {
      slug: "open-day",
      title: "Open day",
      body: "Come and see us.",
      image: await pngDataUrl(),
      imageAlt: "The classroom",
      publishedOn: "2026-11-20",
    };
    const res = await call(office, "PUT", "/api/admin/website/draft", { section: "news", body: { items: [post] } });
    expect(res.statusCode).toBe(200);
    const image = res.json().body.items[0].image as string;
    expect(image).toMatch(/^\/api\/images\/[0-9a-f]+\.webp$/);
    expect((await ctx.app.inject({ method: "GET", url: image })).statusCode).toBe(200);
    // Saved again with the kept path: still the same picture.
    const again = await call(office, "PUT", "/api/admin/website/draft", {
      section: "news",
      body: { items: [{ ...post, image }] },
    });
    expect(again.json().body.items[0].image).toBe(image);
    await call(office, "DELETE", "/api/admin/website/news/draft");
  });
});

describe("preview links", () => {
  it("show every draft to whoever holds the token, for an hour", async () => {
    await call(office, "PUT", "/api/admin/website/draft", {
      section: "identity",
      body: { ...WEBSITE_DEFAULTS.identity, phone: "0151 496 0999" },
    });
    const created = await call(office, "POST", "/api/admin/website/preview");
    expect(created.statusCode).toBe(201);
    const { token } = created.json();
    const res = await ctx.app.inject({ method: "GET", url: `/api/website/preview/${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ preview: true, sections: { identity: { body: { phone: "0151 496 0999" } } } });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect((await published()).identity!.body.phone).toBe("0151 496 0321");
    expect((await ctx.app.inject({ method: "GET", url: `/api/website/preview/${"x".repeat(32)}` })).statusCode).toBe(404);
    ctx.clock.advance(61 * 60 * 1000);
    expect((await ctx.app.inject({ method: "GET", url: `/api/website/preview/${token}` })).statusCode).toBe(404);
    ctx.clock.advance(-61 * 60 * 1000);
    await call(office, "DELETE", "/api/admin/website/identity/draft");
  });
});

describe("roles", () => {
  it("lets the owner and the office edit, not a trainer or a visitor", async () => {
    const routes: ["GET" | "PUT" | "POST" | "DELETE", string, object?][] = [
      ["GET", "/api/admin/website/faq"],
      ["PUT", "/api/admin/website/draft", { section: "faq", body: faqWith("x") }],
      ["DELETE", "/api/admin/website/faq/draft"],
      ["POST", "/api/admin/website/faq/publish"],
      ["GET", "/api/admin/website/faq/versions/1"],
      ["POST", "/api/admin/website/faq/versions/1/restore"],
      ["POST", "/api/admin/website/preview"],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(trainer, method, url, body)).statusCode, `${method} ${url} trainer`).toBe(403);
    }
    expect((await call(office, "GET", "/api/admin/website/faq")).statusCode).toBe(200);
    expect((await call(owner, "GET", "/api/admin/website/faq")).statusCode).toBe(200);
  });
});

describe("a publish reaches another instance", () => {
  it("changes the second instance's cached answer (the catalogue change stream)", async () => {
    const b = await secondInstance(ctx);
    try {
      const first = await b.app.inject({ method: "GET", url: "/api/website" });
      await call(office, "PUT", "/api/admin/website/draft", {
        section: "identity",
        body: { ...WEBSITE_DEFAULTS.identity, phone: "0151 496 0777" },
      });
      await call(office, "POST", "/api/admin/website/identity/publish");
      const deadline = Date.now() + 2_000;
      let phone = "";
      while (Date.now() < deadline) {
        const res = await b.app.inject({
          method: "GET",
          url: "/api/website",
          headers: { "if-none-match": first.headers.etag as string },
        });
        if (res.statusCode === 200) phone = res.json().sections.identity.body.phone;
        if (phone === "0151 496 0777") break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(phone).toBe("0151 496 0777");
    } finally {
      await b.close();
    }
  });
});

/** Hostile inputs: whatever comes in, no script, style, frame, handler or script URL goes out. */
const HOSTILE = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  '<img src=x onerror="alert(1)">',
  "![x](javascript:alert(1))",
  "[click](javascript:alert(1))",
  "[click](JaVaScRiPt:alert(1))",
  "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[click](vbscript:msgbox(1))",
  '<a href="javascript&#58;alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<p onclick="alert(1)" onmouseover="alert(1)">hi</p>',
  '<p style="background:url(javascript:alert(1))">hi</p>',
  "<style>body{display:none}</style>",
  '<iframe src="https://evil.example"></iframe>',
  '<svg onload="alert(1)"><circle/></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name="p"><button>Go</button></form>',
  '<body onload="alert(1)">',
  '<details open ontoggle="alert(1)">x</details>',
  '<div class="ui-button" id="x">styled</div>',
  "<a href='https://ok.example' onclick='alert(1)' target='_top'>ok</a>",
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  "<<script>script>alert(1)<</script>/script>",
  "<scr<script>ipt>alert(1)</script>",
  "<!--<script>alert(1)</script>-->",
  "<textarea><script>alert(1)</script></textarea>",
  '<a href="//evil.example">protocol-relative</a>',
  "`<script>alert(1)</script>`",
];

describe("the Markdown sanitiser", () => {
  it.each(HOSTILE)("renders %s inert", (input) => {
    const html = renderMarkdown(input);
    expect(html).not.toMatch(
      /<\s*(script|style|iframe|svg|math|object|embed|form|input|button|meta|base|link|img|body|details|textarea)\b/i,
    );
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/\s(style|class|id|target|src|action)\s*=/i);
    expect(html).not.toMatch(/href\s*=\s*["']?\s*(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/href="\/\//);
  });

  it("keeps the formatting the office needs", () => {
    expect(renderMarkdown("**Bold** and _it_\n\n- one\n- two\n\n[Call](tel:+441514960321) [Site](https://ok.example)")).toBe(
      '<p><strong>Bold</strong> and <em>it</em></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<p><a href="tel:+441514960321">Call</a> <a href="https://ok.example" rel="noopener nofollow">Site</a></p>',
    );
    expect(renderMarkdown("# Big")).toBe("<h3>Big</h3>");
  });

  it("answers every formatted field of a published section sanitised", async () => {
    const xss = "<img src=x onerror=alert(1)><script>alert(2)</script>**ok**";
    await call(office, "PUT", "/api/admin/website/draft", {
      section: "banner",
      body: { text: xss, startsOn: null, endsOn: null },
    });
    await call(office, "POST", "/api/admin/website/banner/publish");
    const banner = (await published()).banner!.body;
    expect(banner.text).toBe(xss);
    expect(banner.textHtml).toBe("<p><strong>ok</strong></p>");
  });
});

describe("production refuses the placeholder identity (decision 365)", () => {
  it("names every fictional value of the seeded identity, none of a real one", () => {
    const fields = placeholderFields(WEBSITE_DEFAULTS.identity).map((i) => i.path);
    expect(fields).toEqual(
      expect.arrayContaining([
        "body.name",
        "body.street",
        "body.postcode",
        "body.phone",
        "body.mobile",
        "body.email",
        "body.whatsappUrl",
      ]),
    );
    const real = {
      ...WEBSITE_DEFAULTS.identity,
      name: "Bootle Security Academy",
      street: "7 Stanley Road",
      postcode: "L20 3AB",
      phone: "0151 922 1234",
      mobile: "07911 123456",
      email: "office@bootle-security.co.uk",
      whatsappUrl: "https://wa.me/447911123456",
      communityUrl: "",
      facebook: "https://facebook.com/bootlesecurity",
      twitter: "",
      instagram: "",
      youtube: "",
    };
    expect(placeholderFields(real)).toEqual([]);
  });
});
