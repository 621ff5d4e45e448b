import type { RouteHandle } from "../../lib/seo";

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: "Contact Us | " + config.provider.name,
    description: "Contact Us page of " + config.provider.name + ".",
    keywords: ["Contact Us"],
    path: "/contact",
    breadcrumbs: [{ name: "Contact Us", path: "/contact" }],
  }),
};

export default function Page() {
  return (
    <div className="page ui-container">
      <h1>Contact Us</h1>
    </div>
  );
}
