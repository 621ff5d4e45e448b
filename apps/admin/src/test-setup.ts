import { afterEach } from "vitest";
import { cleanup } from "@testing-library/react";
import { failOnConsoleError } from "@app/e2e-kit/console-guard";

// A test fails when it logs console.error unexpectedly (STYLE.md).
failOnConsoleError();

afterEach(() => cleanup());
