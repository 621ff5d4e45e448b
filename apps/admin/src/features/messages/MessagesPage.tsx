// Being built (issue 6); replaced by the real screen in the next commit.
export default function Page() {
  return <section className="admin-page"><h1 className="admin-page__title">MessagesPage</h1></section>;
}
