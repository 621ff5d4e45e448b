import type { LucideIcon } from "lucide-react";
import {
  ScrollText,
  Wallet,
  Activity,
  BarChart3,
  BookOpen,
  ClipboardCheck,
  MailCheck,
  Globe,
  GraduationCap,
  HeartPulse,
  KeyRound,
  Landmark,
  LayoutDashboard,
  ListOrdered,
  MessageSquare,
  Percent,
  ShieldCheck,
  ShoppingBag,
  UserRound,
  Users,
} from "lucide-react";
import type { StaffRole } from "@app/contract";
import { paths } from "../../config/paths";
import { SCREEN_ROLES } from "../../config/roles";

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Also active on these path prefixes (detail and create screens of the same section). */
  alsoActive?: readonly string[];
  /** Who sees the item (the screen's roles); every item is hidden from the other roles. */
  roles: readonly StaffRole[];
}

/** Spec §2 portal menu, plus the Activity log (reachable from the dashboard too). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Dashboard", to: paths.dashboard, icon: LayoutDashboard, roles: SCREEN_ROLES.office },
  { label: "Messages", to: paths.messages, icon: MessageSquare, roles: SCREEN_ROLES.office },
  {
    label: "Trainings",
    to: paths.trainings,
    icon: GraduationCap,
    alsoActive: ["/training/", paths.createTraining],
    roles: SCREEN_ROLES.office,
  },
  { label: "Shop", to: paths.shop, icon: ShoppingBag, roles: SCREEN_ROLES.office },
  { label: "Website", to: paths.website, icon: Globe, alsoActive: ["/website/"], roles: SCREEN_ROLES.office },
  { label: "Discount", to: paths.discounts, icon: Percent, alsoActive: [paths.createCode], roles: SCREEN_ROLES.office },
  {
    label: "Enrolments",
    to: paths.enrolments,
    icon: BookOpen,
    alsoActive: ["/booking/", paths.newBooking],
    roles: SCREEN_ROLES.trainer,
  },
  { label: "Reports", to: paths.reports, icon: BarChart3, roles: SCREEN_ROLES.office },
  { label: "Payouts", to: paths.payouts, icon: Landmark, alsoActive: ["/payouts/"], roles: SCREEN_ROLES.office },
  { label: "Activity Log", to: paths.activityLog, icon: Activity, roles: SCREEN_ROLES.office },
  { label: "Payments", to: paths.payments, icon: Wallet, roles: SCREEN_ROLES.office },
  { label: "Booking policy", to: paths.bookingPolicy, icon: ScrollText, roles: SCREEN_ROLES.office },
  { label: "Scheduled mail", to: paths.scheduledMail, icon: MailCheck, roles: SCREEN_ROLES.office },
  { label: "Staff", to: paths.staff, icon: Users, roles: SCREEN_ROLES.owner },
  { label: "Personal data", to: paths.privacy, icon: ShieldCheck, roles: SCREEN_ROLES.owner },
  { label: "Your account", to: paths.account, icon: UserRound, roles: SCREEN_ROLES.trainer },
  { label: "Second factor", to: paths.security, icon: KeyRound, roles: SCREEN_ROLES.trainer },
  { label: "Learners", to: paths.learners, icon: ClipboardCheck, roles: SCREEN_ROLES.trainer },
  { label: "Waiting list", to: paths.waitingList, icon: ListOrdered, roles: SCREEN_ROLES.office },
  { label: "Status", to: paths.status, icon: HeartPulse, roles: SCREEN_ROLES.office },
];
