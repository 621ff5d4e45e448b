import type { LucideIcon } from "lucide-react";
import { Activity, BookOpen, GraduationCap, LayoutDashboard, MessageSquare, Percent, ShoppingBag } from "lucide-react";
import { paths } from "../../config/paths";

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Also active on these path prefixes (detail and create screens of the same section). */
  alsoActive?: readonly string[];
}

/** Spec §2 portal menu, plus the Activity log (reachable from the dashboard too). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Dashboard", to: paths.dashboard, icon: LayoutDashboard },
  { label: "Messages", to: paths.messages, icon: MessageSquare },
  { label: "Trainings", to: paths.trainings, icon: GraduationCap, alsoActive: ["/training/", paths.createTraining] },
  { label: "Shop", to: paths.shop, icon: ShoppingBag },
  { label: "Discount", to: paths.discounts, icon: Percent, alsoActive: [paths.createCode] },
  { label: "Enrolments", to: paths.enrolments, icon: BookOpen },
  { label: "Activity Log", to: paths.activityLog, icon: Activity },
];
