/**
 * A complete, valid production configuration for tests (no DATABASE_URL: setupApp gives each
 * test its own database). Real-looking identity, https origins, strong secrets, none of them real.
 */
export const PRODUCTION_SETTINGS = {
  NODE_ENV: "production",
  JWT_SECRET: "k3J9#xP2!qL8@vN5$wR7%tY4^uZ6&mB1",
  LINK_SIGNING_KEYS: "k1:Zq7Lm2Xv9Rt4Wb8Nc3Yp6Hs1Jd5Gf0Ka",
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  SMTP_URL: "smtp://mail.mdgt-training.co.uk:587",
  SITE_ORIGIN: "https://www.mdgt-training.co.uk",
  PUBLIC_SITE_URL: "https://www.mdgt-training.co.uk",
  ADMIN_ORIGIN: "https://admin.mdgt-training.co.uk",
  PUBLIC_API_URL: "https://api.mdgt-training.co.uk",
  MAIL_FROM: "MDGT Bookings <bookings@mdgt-training.co.uk>",
  PROVIDER_EMAIL: "office@mdgt-training.co.uk",
  PROVIDER_NAME: "MDGT Security Training Ltd",
  PROVIDER_PHONE: "0151 234 5678",
  VENUE_ADDRESS: "2 Dock Road, Bootle L20 1AB",
} as const;

/** With a database address, for parseEnv alone. */
export const PRODUCTION_ENV = { ...PRODUCTION_SETTINGS, DATABASE_URL: "postgres://app@db.internal:5432/app" } as const;
