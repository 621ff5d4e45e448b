import { NotFoundContent, notFoundMeta } from "../../components/NotFoundContent";
import type { RouteHandle } from "../../lib/seo";

export const handle: RouteHandle = {
  meta: ({ config, params }) => notFoundMeta(config, `/${params["*"] ?? ""}`),
};

/** Any path the route table does not know (answered with HTTP 404 by the server). */
export default function NotFoundPage() {
  return <NotFoundContent />;
}
