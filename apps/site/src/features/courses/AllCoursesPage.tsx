import type { RouteHandle } from "../../lib/seo";

export const handle: RouteHandle = {
  meta: ({ config }) => ({
    title: "SIA Courses | " + config.provider.name,
    description: "SIA Courses page of " + config.provider.name + ".",
    keywords: ["SIA Courses"],
    path: "/all-courses",
    breadcrumbs: [{ name: "SIA Courses", path: "/all-courses" }],
  }),
};

export default function Page() {
  return (
    <div className="page ui-container">
      <h1>SIA Courses</h1>
    </div>
  );
}
