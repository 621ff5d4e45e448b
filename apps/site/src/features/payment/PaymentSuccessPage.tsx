import { Link } from "react-router-dom";

/** /payment/success (spec §2). */
export default function PaymentSuccessPage() {
  return (
    <main className="payment-success">
      <h1>Payment Successful!</h1>
      <p>Your payment was completed successfully. A confirmation email has been sent to you.</p>
      <Link to="/">Go Home</Link>
    </main>
  );
}
