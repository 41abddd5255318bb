import { z } from 'zod';

// One place that switches zod's built-in messages to Turkish; schemas add clearer messages where users read them.
z.config(z.locales.tr());

export { z };
