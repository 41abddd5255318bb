import type { HomeData } from '@vitrin/shared/api/home';
import type { Cache } from '../cache.ts';
import type { NavigationService } from '../navigation/service.ts';
import type { SettingsService } from '../settings/service.ts';

export function createHomeService(cache: Cache, settings: SettingsService, navigation: NavigationService) {
  const data = cache.value('home', async (): Promise<HomeData> => {
    const [menu, global_setting, social_accounts] = await Promise.all([
      navigation.menu(),
      settings.public(),
      navigation.socialAccounts(),
    ]);
    return { menu, global_setting, social_accounts };
  });
  return {
    data,
    /** The serialised response body, kept so the hottest API call does no work. */
    json: cache.value('home-json', async () => JSON.stringify(await data())),
  };
}
