import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import {
  Breadcrumb,
  Button,
  ButtonLink,
  buttonClassName,
  CheckboxField,
  EmptyState,
  ErrorState,
  SelectField,
  Skeleton,
  SkeletonText,
  Spinner,
  TextAreaField,
  TextField,
} from "../index";

describe("Button", () => {
  it("builds class names from variant, size and width", () => {
    expect(buttonClassName()).toBe("ui-button ui-button--primary ui-button--md");
    expect(buttonClassName({ variant: "danger", size: "lg", fullWidth: true, className: "x" })).toBe(
      "ui-button ui-button--danger ui-button--lg ui-button--full x",
    );
  });

  it("is a type=button that shows the loading label, is disabled and busy while loading", async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Access Admin Panel</Button>);
    const button = screen.getByRole("button", { name: "Access Admin Panel" });
    expect(button.getAttribute("type")).toBe("button");
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <Button onClick={onClick} loading loadingLabel="Authenticating...">
        Access Admin Panel
      </Button>,
    );
    const busy = screen.getByRole("button", { name: "Authenticating..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(busy.getAttribute("aria-busy")).toBe("true");
    await user.click(busy);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("renders links with the button look, also through a router link component", () => {
    function FakeLink({ to, className, children }: { to: string; className?: string; children?: ReactNode }) {
      return (
        <a href={`#router${to}`} className={className} data-router="yes">
          {children}
        </a>
      );
    }
    render(
      <>
        <ButtonLink href="/all-courses" variant="secondary">
          Browse Courses
        </ButtonLink>
        <ButtonLink as={FakeLink} to="/" size="lg">
          Go Home
        </ButtonLink>
      </>,
    );
    const plain = screen.getByRole("link", { name: "Browse Courses" });
    expect(plain.getAttribute("href")).toBe("/all-courses");
    expect(plain.className).toBe("ui-button ui-button--secondary ui-button--md");
    const routed = screen.getByRole("link", { name: "Go Home" });
    expect(routed.getAttribute("data-router")).toBe("yes");
    expect(routed.getAttribute("href")).toBe("#router/");
    expect(routed.className).toContain("ui-button--lg");
  });
});

describe("form fields", () => {
  it("labels the input and links hint and error through aria-describedby", () => {
    render(
      <TextField
        label="Phone Number*"
        placeholder="Enter valid Phone number"
        hint="11 digits"
        error="Please enter a valid phone number"
      />,
    );
    const input = screen.getByRole("textbox", { name: "Phone Number*" });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const described = (input.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(["11 digits", "Please enter a valid phone number"]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("has no aria-invalid or describedby without hint and error, and keeps a caller's describedby", () => {
    render(
      <>
        <TextField label="Email address*" type="email" />
        <TextAreaField label="Message" aria-describedby="counter" hint="Max 3000 Words" />
        <span id="counter">0/30000 words</span>
      </>,
    );
    const email = screen.getByRole("textbox", { name: "Email address*" });
    expect(email.getAttribute("aria-invalid")).toBeNull();
    expect(email.getAttribute("aria-describedby")).toBeNull();
    const message = screen.getByRole("textbox", { name: "Message" });
    expect(message.tagName).toBe("TEXTAREA");
    expect(message.getAttribute("aria-describedby")?.split(" ")[0]).toBe("counter");
  });

  it("renders select options with a placeholder and a labelled checkbox", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <>
        <SelectField
          label="State*"
          placeholder="Select a state"
          options={["England", "Scotland", "Wales", "Northern Ireland"].map((s) => ({ value: s, label: s }))}
          defaultValue=""
          error="State is required"
        />
        <CheckboxField
          label="I agree to the Privacy Policy"
          onChange={onChange}
          error="Please agree to our Privacy Policy and Terms of Use"
        />
      </>,
    );
    const select = screen.getByRole("combobox", { name: "State*" }) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.text)).toEqual([
      "Select a state",
      "England",
      "Scotland",
      "Wales",
      "Northern Ireland",
    ]);
    await user.selectOptions(select, "Wales");
    expect(select.value).toBe("Wales");
    const box = screen.getByRole("checkbox", { name: "I agree to the Privacy Policy" });
    expect(box.getAttribute("aria-invalid")).toBe("true");
    await user.click(screen.getByText("I agree to the Privacy Policy"));
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});

describe("Breadcrumb", () => {
  it("is a labelled nav whose last item is the current page", () => {
    render(
      <Breadcrumb
        items={[{ label: "Home", href: "/" }, { label: "SIA Courses", href: "/all-courses" }, { label: "CCTV Operator" }]}
        renderLink={({ href, label, className }) => (
          <a href={href} className={className} data-router="yes">
            {label}
          </a>
        )}
      />,
    );
    const nav = screen.getByRole("navigation", { name: "Breadcrumb" });
    const links = screen.getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["/", "/all-courses"]);
    expect(links.every((l) => l.getAttribute("data-router") === "yes")).toBe(true);
    const current = screen.getByText("CCTV Operator");
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(current.closest("a")).toBeNull();
    expect(nav.querySelectorAll("li")).toHaveLength(3);
  });
});

describe("feedback pieces", () => {
  it("ErrorState shows the message and retries", async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<ErrorState message="Failed to load messages" onRetry={onRetry} />);
    expect(screen.getByText("Something went wrong")).toBeTruthy();
    expect(screen.getByText("Failed to load messages")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("EmptyState shows title, text and action", () => {
    render(
      <EmptyState
        title="No saved items yet"
        text="Start by adding your first item to your collection"
        action={<a href="/shop/add">Add Your First Item</a>}
      />,
    );
    expect(screen.getByText("No saved items yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add Your First Item" })).toBeTruthy();
  });

  it("skeletons are hidden from assistive technology; spinners carry a hidden label", () => {
    const { container } = render(
      <>
        <Skeleton variant="circle" width={48} />
        <SkeletonText lines={3} />
        <Spinner label="Loading courses" />
      </>,
    );
    const circle = container.querySelector(".ui-skeleton--circle") as HTMLElement;
    expect(circle.getAttribute("aria-hidden")).toBe("true");
    expect(circle.style.width).toBe("48px");
    expect(circle.style.height).toBe("48px");
    expect(container.querySelectorAll(".ui-skeleton-text .ui-skeleton--line")).toHaveLength(3);
    expect(screen.getByText("Loading courses").className).toBe("ui-visually-hidden");
  });
});
