import type { RouteHandle } from "../../lib/seo";

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: "Home | " + config.provider.name,
    description: "Home page of " + config.provider.name + ".",
    keywords: ["Home"],
    path: "/",
    breadcrumbs: [{ name: "Home", path: "/" }],
  }),
};

export default function Page() {
  return (
    <div className="page ui-container">
      <h1>Home</h1>
    </div>
  );
}
