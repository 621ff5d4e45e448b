/** The Website area's calls (website editing). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SectionState, WebsiteDraftInput, WebsiteSection } from "@app/contract";
import { api, unwrap } from "../../lib/api";

const key = (section: WebsiteSection) => ["website", section] as const;

export function useSection(section: WebsiteSection) {
  return useQuery({ queryKey: key(section), queryFn: () => unwrap(api.website.section({ params: { section } })) });
}

export function useSectionActions(section: WebsiteSection) {
  const client = useQueryClient();
  const done = (state: SectionState) => client.setQueryData(key(section), state);
  return {
    save: useMutation({
      mutationFn: (body: Record<string, unknown>) =>
        unwrap(api.website.saveDraft({ body: { section, body } as unknown as WebsiteDraftInput })),
      onSuccess: done,
    }),
    discard: useMutation({ mutationFn: () => unwrap(api.website.discardDraft({ params: { section } })), onSuccess: done }),
    publish: useMutation({ mutationFn: () => unwrap(api.website.publish({ params: { section } })), onSuccess: done }),
    restore: useMutation({
      mutationFn: (id: number) => unwrap(api.website.restore({ params: { section, id } })),
      onSuccess: done,
    }),
    preview: useMutation({ mutationFn: () => unwrap(api.website.createPreview()) }),
  };
}
