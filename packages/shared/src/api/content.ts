export interface ContentPage {
  id: number;
  type: number;
  slug: string;
  title: string;
  summary: string;
  /** Sanitized HTML. */
  body: string;
  updatedAt: string;
}

export interface PageLink {
  type: number;
  slug: string;
  title: string;
}
