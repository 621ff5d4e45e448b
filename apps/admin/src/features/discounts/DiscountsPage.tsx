// PLACEHOLDER by issue 6 so the router builds; the issue-7 screen replaces this file.
export default function Placeholder() {
  return <section className="admin-page"><h1 className="admin-page__title">Coming soon</h1></section>;
}
