// @vitest-environment jsdom
import { act, useEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { afterHydrationTurns, HydrateInTurn, hydrateInTurns } from "../hydration-turns";

// Plain hydrateRoot (no Testing Library render): tell React this environment awaits act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Records the order in which sections mount (their effects run once they have hydrated). */
let mounted: string[] = [];

function Section({ name, children }: { name: string; children?: React.ReactNode }) {
  const [clicks, setClicks] = useState(0);
  useEffect(() => {
    mounted.push(name);
  }, [name]);
  return (
    <section data-name={name}>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        {name} {clicks}
      </button>
      {children}
    </section>
  );
}

function Page() {
  return (
    <div>
      <Section name="first" />
      <HydrateInTurn id="a">
        <Section name="a">
          <HydrateInTurn id="a-inner">
            <Section name="a-inner" />
          </HydrateInTurn>
        </Section>
      </HydrateInTurn>
      <HydrateInTurn id="b">
        <Section name="b" />
      </HydrateInTurn>
    </div>
  );
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = "";
  mounted = [];
});

describe("hydration in turns", () => {
  it("renders every section on the server at once", () => {
    const html = renderToString(<Page />);
    for (const name of ["first", "a", "a-inner", "b"]) expect(html).toContain(`data-name="${name}"`);
  });

  it("hydrates the sections one task after another, in page order, keeping the server's nodes", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    const serverNodes = [...container.querySelectorAll("section")];
    let done = false;

    await act(async () => {
      hydrateInTurns(() => hydrateRoot(container, <Page />));
      afterHydrationTurns(() => {
        done = true;
      });
    });
    // The first pass hydrated only what is outside the sections; their HTML is still there.
    expect(mounted).toEqual(["first"]);
    expect(done).toBe(false);
    expect(container.querySelectorAll("section")).toHaveLength(4);

    for (let i = 0; i < 10 && !done; i += 1) await act(nextTask);
    expect(done).toBe(true);
    // Each section in its turn; the inner one queued behind the sections the first pass met.
    expect(mounted).toEqual(["first", "a", "b", "a-inner"]);
    // Adopted, not replaced: the same elements, now live.
    expect([...container.querySelectorAll("section")]).toEqual(serverNodes);
    const button = container.querySelector<HTMLButtonElement>('[data-name="a-inner"] button')!;
    await act(async () => button.click());
    expect(button.textContent).toBe("a-inner 1");
  });

  it("renders sections at once outside the first page's hydration (client navigation, tests)", () => {
    let called = false;
    afterHydrationTurns(() => {
      called = true;
    });
    expect(called).toBe(true);
  });
});
