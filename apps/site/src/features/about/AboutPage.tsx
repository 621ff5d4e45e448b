import type { RouteHandle } from "../../lib/seo";

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: "About Us | " + config.provider.name,
    description: "About Us page of " + config.provider.name + ".",
    keywords: ["About Us"],
    path: "/about",
    breadcrumbs: [{ name: "About Us", path: "/about" }],
  }),
};

export default function Page() {
  return (
    <div className="page ui-container">
      <h1>About Us</h1>
    </div>
  );
}
