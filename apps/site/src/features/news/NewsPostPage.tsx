import { data as routeData, useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "react-router";
import { paths } from "../../config/paths";
import { PageHero } from "../../components/PageHero";
import { useSiteConfig } from "../../config/site";
import { imageUrl } from "../../lib/images";
import { absoluteUrl, DESCRIPTION_MAX, pageTitle } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";
import { ukToday } from "../../lib/banner";
import { fetchWebsite, newsOf } from "../../lib/website";
import type { NewsPost } from "../../lib/website";
import { newsDate } from "./news-date";

interface PostData {
  post: NewsPost;
}

export async function loader({ request, params }: LoaderFunctionArgs): Promise<PostData> {
  const website = await fetchWebsite(request);
  const post = website ? newsOf(website, ukToday()).find((p) => p.slug === params.slug) : undefined;
  if (!post) throw routeData("News post not found", { status: 404 });
  return { post };
}

/** The post's words as a description: its HTML without tags, cut at a word. */
function summary(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1).replace(/\s+\S*$/, "")}…`;
}

export const handle: RouteHandle<PostData> = {
  meta: ({ data, config }) => ({
    title: pageTitle(data.post.title, config.provider),
    description: summary(data.post.bodyHtml),
    keywords: ["news", config.provider.shortName],
    path: paths.newsPost(data.post.slug),
    breadcrumbs: [
      { name: "News", path: paths.news },
      { name: data.post.title, path: paths.newsPost(data.post.slug) },
    ],
    image: data.post.image,
    jsonLd: [
      {
        "@type": "Article",
        headline: data.post.title,
        datePublished: data.post.publishedOn,
        ...(data.post.image ? { image: [`${config.publicApiUrl}${data.post.image}`] } : {}),
        author: { "@id": `${config.siteUrl}/#organization` },
        publisher: { "@id": `${config.siteUrl}/#organization` },
        mainEntityOfPage: absoluteUrl(config, paths.newsPost(data.post.slug)),
      },
    ],
  }),
};

/** /news/:slug: one post; its HTML is the API's, cut down to the allow-list (decision 362). */
export default function NewsPostPage() {
  const { post } = useLoaderData() as PostData;
  const { publicApiUrl } = useSiteConfig();
  return (
    <>
      <PageHero
        crumbs={[{ label: "Home", href: paths.home }, { label: "News", href: paths.news }, { label: post.title }]}
        title={post.title}
      />
      <article className="section ui-container news-post">
        <p className="news-date">
          <time dateTime={post.publishedOn}>{newsDate(post.publishedOn)}</time>
        </p>
        {post.image ? (
          <img src={imageUrl(publicApiUrl, post.image) ?? ""} alt={post.imageAlt} width={1600} height={900} decoding="async" />
        ) : null}
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
      </article>
    </>
  );
}
