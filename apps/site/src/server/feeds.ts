/**
 * The site's machine-read files: robots.txt, the news feed and the sitemap. A sitemap or feed the
 * API cannot fill is a 503 with retry-after, never an empty list that would tell crawlers the
 * courses or the news are gone.
 */
import type { FastifyInstance } from "fastify";
import type { ServerEnv } from "../config/server/env";
import { sitemapXml, robotsTxt } from "../lib/sitemap";
import { textsLastmod } from "../lib/website";
import { ukToday } from "../lib/banner";
import { newsFeedXml } from "../lib/news-feed";
import type { LoadEntry } from "./render";

export function addFeeds(app: FastifyInstance, env: ServerEnv, loadEntry: LoadEntry) {
  app.get("/robots.txt", async (_req, reply) => {
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=3600");
    return robotsTxt(env.site.siteUrl);
  });

  app.get("/news/rss.xml", async (req, reply) => {
    const { entry: e } = await loadEntry(req.url);
    const request = new Request(`${env.site.siteUrl}/news/rss.xml`);
    const website = await e.fetchWebsite(request);
    if (!website) {
      reply.code(503).header("retry-after", "120").type("text/plain; charset=utf-8");
      return "The news is unavailable right now. Please try again shortly.";
    }
    const config = await e.requestConfig(request);
    reply.type("application/rss+xml; charset=utf-8").header("cache-control", "public, max-age=300");
    return newsFeedXml(env.site.siteUrl, config.provider, e.newsOf(website, ukToday()));
  });

  app.get("/sitemap.xml", async (req, reply) => {
    const { entry: e } = await loadEntry(req.url);
    const controller = new AbortController();
    let courses;
    let changes;
    let website;
    try {
      const request = new Request(`${env.site.siteUrl}/sitemap.xml`, { signal: controller.signal });
      [courses, changes, website] = await Promise.all([
        e.fetchCourses(request),
        e.api.catalogueChanges(controller.signal),
        e.fetchWebsite(request),
      ]);
    } catch (error) {
      req.log.error({ err: error }, "sitemap: course list failed");
      // A sitemap without the courses would tell crawlers they are gone: ask them to come back.
      reply.code(503).header("retry-after", "120").type("text/plain; charset=utf-8");
      return "The course catalogue is unavailable right now. Please try again shortly.";
    }
    reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=300");
    return sitemapXml(env.site.siteUrl, courses, changes, website ? textsLastmod(website, ukToday()) : undefined);
  });
}
