import type { RouteHandle } from "../../lib/seo";

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: "Privacy Policy | " + config.provider.name,
    description: "Privacy Policy page of " + config.provider.name + ".",
    keywords: ["Privacy Policy"],
    path: "/privacy",
    breadcrumbs: [{ name: "Privacy Policy", path: "/privacy" }],
  }),
};

export default function Page() {
  return (
    <div className="page ui-container">
      <h1>Privacy Policy</h1>
    </div>
  );
}
