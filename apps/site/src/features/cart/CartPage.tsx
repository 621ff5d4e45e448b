import { Link } from "react-router-dom";
import { formatPence } from "@app/ui/format";
import { useCart } from "./cart-store";

/** /cart: the empty state or the cart summary (spec §2, §4). */
export default function CartPage() {
  const cart = useCart();

  if (!cart.hydrated) {
    return <main aria-busy="true" className="cart-page" />;
  }

  if (cart.count === 0) {
    return (
      <main className="cart-page">
        <h1>Your Cart is Empty</h1>
        <p>Looks like you haven&apos;t added any courses yet. Browse our SIA-approved training courses to get started.</p>
        <Link to="/all-courses">Browse Courses</Link> <Link to="/">Go Home</Link>
      </main>
    );
  }

  return (
    <main className="cart-page">
      <h1>Your Cart Summary</h1>
      <ul>
        {cart.items.map((item) => (
          <li key={item.id}>
            <Link to={`/course/${item.slug}`}>{item.title}</Link> — {item.selectedDate} — {formatPence(item.pricePence)}
            {item.selectedAddons.length > 0 ? <span> ({item.selectedAddons.map((a) => a.name).join(", ")})</span> : null}{" "}
            <button type="button" onClick={() => cart.remove(item.id)} aria-label={`Remove ${item.title}`}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <p>Subtotal: {formatPence(cart.totalPence)}</p>
    </main>
  );
}
