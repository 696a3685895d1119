// The search's field table as the box's suggestions use it: fetched when the box first opens
// (./use-search-suggestions.ts), not in a list's first load.

export { SEARCH_ALIASES, SEARCH_FIELDS, resolveSearchField } from "@/lib/shared/search/fields";
export { fieldNameSuggestions } from "@/lib/shared/search/suggestions";
