import type { RouteHandle } from "../../lib/seo";

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: "Shop | " + config.provider.name,
    description: "Shop page of " + config.provider.name + ".",
    keywords: ["Shop"],
    path: "/shop-page",
    breadcrumbs: [{ name: "Shop", path: "/shop-page" }],
  }),
};

export default function Page() {
  return (
    <div className="page ui-container">
      <h1>Shop</h1>
    </div>
  );
}
