/** Public shop settings as served in `global_setting`; secrets and internal settings never appear here. */
export interface GlobalSetting {
  /** 1: the shop is open; 0: maintenance. */
  is_online: 0 | 1;
  unvan: string;
  brand_name: string;
  /** Image path `folder/file` under /uploads. */
  logo: string;
  contact_phone: string;
  contact_email: string;
  contact_address: string;
  /** TRY per 1 USD / 1 EUR, decimal strings. */
  usd_rate: string;
  eur_rate: string;
  hero_title: string;
  hero_text: string;
  footer_text: string;
  maintenance_image: string;
}

export interface MenuNode {
  id: number;
  title: string;
  url: string;
  children: MenuNode[];
}

export interface SocialAccount {
  id: number;
  platform: string;
  label: string;
  url: string;
}

/** `GET /api/front/home` (spec section 7): exactly these keys. */
export interface HomeData {
  menu: MenuNode[];
  global_setting: GlobalSetting;
  social_accounts: SocialAccount[];
}
