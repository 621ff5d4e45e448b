import { Link } from "react-router-dom";
import { ImageOff, PackageOpen, Plus } from "lucide-react";
import { ButtonLink, EmptyState, ErrorState, Skeleton } from "@app/ui";
import type { ShopItem } from "@app/contract";
import { useShopItems } from "./api";
import { apiAsset } from "../../lib/config";
import { errorMessage } from "../../lib/errors";
import { paths } from "../../config/paths";
import { usePageTitle } from "../../components/usePageTitle";
import "./shop.css";

const SKELETON_CARDS = 8;

/** /shop: 'Saved Items', a grid of cards with 'View Details', and 'Add Item'. */
export default function ShopPage() {
  usePageTitle("Saved Items");
  const items = useShopItems();

  return (
    <div className="content-page">
      <div className="content-head">
        <div>
          <h1 className="content-title">Saved Items</h1>
          <p className="ui-muted">Security kits shown on the public shop page.</p>
        </div>
        <ButtonLink as={Link} to={paths.shopAdd}>
          <Plus size={20} aria-hidden="true" />
          Add Item
        </ButtonLink>
      </div>

      {items.isError ? (
        <ErrorState message={errorMessage(items.error)} onRetry={() => void items.refetch()} retrying={items.isFetching} />
      ) : items.isPending ? (
        <div aria-busy="true">
          <p className="ui-visually-hidden" role="status">
            Loading saved items
          </p>
          <ul className="sh-grid" aria-hidden="true">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <li key={i} className="sh-card">
                <Skeleton variant="block" className="sh-card__img" />
                <div className="sh-card__body">
                  <Skeleton width="70%" height={20} />
                  <Skeleton variant="block" width="100%" height={36} />
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : items.data.length === 0 ? (
        <EmptyState
          icon={<PackageOpen size={40} />}
          title="No saved items yet"
          text="Start by adding your first item to your collection"
          action={
            <ButtonLink as={Link} to={paths.shopAdd}>
              Add Your First Item
            </ButtonLink>
          }
        />
      ) : (
        <ul className="sh-grid">
          {items.data.map((item) => (
            <ItemCard key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ItemCard({ item }: { item: ShopItem }) {
  const src = apiAsset(item.image);
  return (
    <li className="sh-card">
      {src ? (
        <img src={src} alt="" className="sh-card__img" loading="lazy" width={400} height={300} />
      ) : (
        <div className="sh-card__img sh-card__img--empty" aria-hidden="true">
          <ImageOff size={32} />
        </div>
      )}
      <div className="sh-card__body">
        <h2 className="sh-card__name">{item.name}</h2>
        <ButtonLink
          as={Link}
          to={paths.shopItem(item.id)}
          variant="secondary"
          size="sm"
          fullWidth
          aria-label={`View Details: ${item.name}`}
        >
          View Details
        </ButtonLink>
      </div>
    </li>
  );
}
