import { useLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "react-router";
import { ExternalLink, ShoppingBag } from "lucide-react";
import type { ShopItem } from "@app/contract";
import { EmptyState, Skeleton } from "@app/ui";
import { paths } from "../../config/paths";
import { PageHero } from "../../components/PageHero";
import { api, getApiBase } from "../../lib/api";
import { cardImagePath, imageUrl, pictureBase } from "../../lib/images";
import { Deferred, load } from "../../lib/loadable";
import type { Loadable } from "../../lib/loadable";
import { keywords, pageTitle } from "../../lib/seo";
import type { RouteHandle } from "../../lib/seo";

interface Data {
  items: Loadable<ShopItem[]>;
}

export async function loader({ request }: LoaderFunctionArgs): Promise<Data> {
  return { items: await load(() => api.shops(request.signal)) };
}

export const handle: RouteHandle<Data> = {
  meta: ({ config }) => ({
    title: pageTitle("Security Kit Shop", config.provider),
    description:
      "Get the best security kits: stab vests, body cameras, radios, torches and uniform picked by trainers with over 15 years of serving the security industry.",
    keywords: keywords("security kit", "door supervisor equipment", "stab vest", "security uniform"),
    path: paths.shop,
    breadcrumbs: [{ name: "Shop", path: paths.shop }],
  }),
};

/** Spec §9: 8 skeleton cards for shop items. */
const SHOP_SKELETONS = 8;

function ShopSkeleton() {
  return (
    <div className="shop-grid" role="status" aria-label="Loading items">
      {Array.from({ length: SHOP_SKELETONS }, (_, i) => (
        <div key={i} className="shop-card" aria-hidden="true">
          <Skeleton variant="block" className="shop-card__media" />
          <div className="shop-card__body">
            <Skeleton variant="line" width="70%" />
            <Skeleton variant="block" height={44} />
          </div>
        </div>
      ))}
    </div>
  );
}

function ShopCard({ item }: { item: ShopItem }) {
  const src = imageUrl(pictureBase(getApiBase(), cardImagePath(item.image)), cardImagePath(item.image));
  return (
    <article className="shop-card">
      <div className="shop-card__media">
        {src ? (
          <img src={src} alt="" width={800} height={600} loading="lazy" decoding="async" />
        ) : (
          <ShoppingBag size={56} aria-hidden="true" className="shop-card__placeholder" />
        )}
      </div>
      <div className="shop-card__body">
        <h2 className="shop-card__name">{item.name}</h2>
        <a
          href={item.url}
          target="_blank"
          rel="noopener noreferrer"
          className="ui-button ui-button--primary ui-button--md ui-button--full"
        >
          Buy Now
          <span className="ui-visually-hidden">: {item.name} (opens in a new tab)</span>
          <ExternalLink size={18} aria-hidden="true" />
        </a>
      </div>
    </article>
  );
}

/** Spec §2 /shop-page: security kits, each opening the seller's page in a new tab. */
export default function ShopPage() {
  const data = useLoaderData() as Data;
  return (
    <>
      <PageHero
        crumbs={[{ label: "Home", href: paths.home }, { label: "Shop" }]}
        title="Get The Best Security Kits"
        subtitle="Kit we trust after over 15 years of serving the security industry: the same gear our trainers wear on shift."
      />
      <section className="section ui-container" aria-label="Items">
        <Deferred value={data.items} fallback={<ShopSkeleton />} errorTitle="We couldn't load the shop">
          {(items) =>
            items.length === 0 ? (
              <EmptyState title="No items yet" text="Availiable items will be displayed here" icon={<ShoppingBag size={40} />} />
            ) : (
              <div className="shop-grid">
                {items.map((item) => (
                  <ShopCard key={item.id} item={item} />
                ))}
              </div>
            )
          }
        </Deferred>
      </section>
    </>
  );
}
