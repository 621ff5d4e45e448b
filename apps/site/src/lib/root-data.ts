/**
 * The root route's data: the public catalogue for the header dropdowns, the footer, the home
 * page and the recommendations. Apart from the layout, so shared components read it without a
 * circle through app/RootLayout.
 */
import { useRouteLoaderData } from "react-router";
import type { LoaderFunctionArgs } from "react-router";
import type { CourseListItem } from "@app/contract";
import { fetchCourses } from "./catalogue";

export interface RootData {
  /** The public catalogue for the header dropdowns and the footer; empty when the API failed (spec §8: lists stay empty). */
  courses: CourseListItem[];
}

export async function rootLoader({ request }: LoaderFunctionArgs): Promise<RootData> {
  try {
    return { courses: await fetchCourses(request) };
  } catch (error) {
    console.error("Course list for header and footer failed to load", error);
    return { courses: [] };
  }
}

/** The catalogue loaded by the root route (header, footer, home page, recommendations). */
export function useCatalogue(): CourseListItem[] {
  return (useRouteLoaderData("root") as RootData | undefined)?.courses ?? [];
}
