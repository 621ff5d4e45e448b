import type { RouteHandle } from "../../lib/seo";

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: "Course | " + config.provider.name,
    description: "Course page of " + config.provider.name + ".",
    keywords: ["Course"],
    path: "/course",
    breadcrumbs: [{ name: "Course", path: "/course" }],
  }),
};

export default function Page() {
  return (
    <div className="page ui-container">
      <h1>Course</h1>
    </div>
  );
}
