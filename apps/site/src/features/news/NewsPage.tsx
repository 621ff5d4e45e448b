import { useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "react-router";
import { paths } from "../../config/paths";
import { PageHero } from "../../components/PageHero";
import { Link } from "../../components/Link";
import { useSiteConfig } from "../../config/site";
import { imageUrl } from "../../lib/images";
import { keywords, pageTitle } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";
import { ukToday } from "../../lib/banner";
import { fetchWebsite, newsOf } from "../../lib/website";
import type { NewsPost } from "../../lib/website";
import { newsDate } from "./news-date";

interface NewsData {
  posts: NewsPost[];
}

/** Posts published by today (UK), newest first; none when the API did not answer. */
export async function loader({ request }: LoaderFunctionArgs): Promise<NewsData> {
  const website = await fetchWebsite(request);
  return { posts: website ? newsOf(website, ukToday()) : [] };
}

export const handle: RouteHandle<NewsData> = {
  meta: ({ config }) => ({
    title: pageTitle("News", config.provider),
    description: `News from ${config.provider.name}: new course dates, funding, changes to SIA licensing and life at the training centre.`,
    keywords: keywords("training centre news", "SIA news"),
    path: paths.news,
    breadcrumbs: [{ name: "News", path: paths.news }],
  }),
};

/** /news: the office's posts (website editing), with an RSS feed at /news/rss.xml. */
export default function NewsPage() {
  const { posts } = useLoaderData() as NewsData;
  const { publicApiUrl } = useSiteConfig();
  return (
    <>
      <PageHero
        crumbs={[{ label: "Home", href: paths.home }, { label: "News" }]}
        title="News"
        subtitle="What's new at the training centre."
      />
      <section className="section ui-container" aria-label="News posts">
        <p>
          <a href={paths.newsFeed}>Follow our news with RSS</a>
        </p>
        {posts.length === 0 ? (
          <p>No news yet. Please check back soon.</p>
        ) : (
          <ul className="news-list">
            {posts.map((post) => (
              <li key={post.slug} className="news-card">
                {post.image ? (
                  <img
                    src={imageUrl(publicApiUrl, post.image) ?? ""}
                    alt={post.imageAlt}
                    width={1600}
                    height={900}
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <h2>
                  <Link to={paths.newsPost(post.slug)}>{post.title}</Link>
                </h2>
                <p className="news-date">
                  <time dateTime={post.publishedOn}>{newsDate(post.publishedOn)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
