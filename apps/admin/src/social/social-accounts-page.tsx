import { SocialAccounts } from '../settings/social-accounts.tsx';
import { Page } from '../ui/page.tsx';

/**
 * The footer's social media accounts on a screen of their own: content, which managers change too (the
 * API's content.write), while the settings screen is the owner's.
 */
export function SocialAccountsPage() {
  return (
    <Page title="Sosyal medya">
      <SocialAccounts />
    </Page>
  );
}
