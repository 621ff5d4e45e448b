/** Every public path of the site (spec §2 route table), in one place. */
export const paths = {
  home: "/",
  allCourses: "/all-courses",
  course: (slug: string) => `/course/${encodeURIComponent(slug)}`,
  shop: "/shop-page",
  cart: "/cart",
  courseFinder: "/course-finder",
  login: "/login",
  about: "/about",
  contact: "/contact",
  privacy: "/privacy",
  bookingTerms: "/booking-terms",
  careers: "/careers",
  paymentSuccess: "/payment/success",
  learner: (token: string) => `/learner/${encodeURIComponent(token)}`,
  news: "/news",
  newsPost: (slug: string) => `/news/${encodeURIComponent(slug)}`,
  newsFeed: "/news/rss.xml",
  sitemap: "/sitemap.xml",
  robots: "/robots.txt",
  waitingListOffer: (token: string) => `/waiting-list/offer/${encodeURIComponent(token)}`,
  balance: (token: string) => `/pay/${encodeURIComponent(token)}`,
} as const;

/** Route patterns for the router table (relative to the root route). */
export const patterns = {
  allCourses: "all-courses",
  course: "course/:slug",
  shop: "shop-page",
  cart: "cart",
  courseFinder: "course-finder",
  login: "login",
  about: "about",
  contact: "contact",
  privacy: "privacy",
  bookingTerms: "booking-terms",
  careers: "careers",
  paymentSuccess: "payment/success",
  learner: "learner/:token",
  waitingListOffer: "waiting-list/offer/:token",
  balance: "pay/:token",
  news: "news",
  newsPost: "news/:slug",
} as const;

/** Pages listed in the sitemap (besides one entry per course). */
export const SITEMAP_PATHS = [
  paths.home,
  paths.allCourses,
  paths.courseFinder,
  paths.shop,
  paths.about,
  paths.contact,
  paths.privacy,
  paths.careers,
  paths.news,
] as const;
