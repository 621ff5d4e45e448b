import type { RouteHandle } from "../../lib/seo";

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: "Site Map | " + config.provider.name,
    description: "Site Map page of " + config.provider.name + ".",
    keywords: ["Site Map"],
    path: "/careers",
    breadcrumbs: [{ name: "Site Map", path: "/careers" }],
  }),
};

export default function Page() {
  return (
    <div className="page ui-container">
      <h1>Site Map</h1>
    </div>
  );
}
