import { redirect } from "next/navigation";

// The orders list is the home of the dashboard.
export default function HomePage() {
  redirect("/orders");
}
