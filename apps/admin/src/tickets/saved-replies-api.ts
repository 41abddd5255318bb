import type { SavedReply } from '@vitrin/shared/api/admin/saved-replies';
import { useItems, useRemoveItem, useSaveItem } from '../categories/structure-api.ts';

export const SAVED_REPLIES_KEY = ['saved-replies'];
export const SAVED_REPLIES_PATH = '/saved-replies';

/** Support's saved replies, by title. */
export const useSavedReplies = () => useItems<SavedReply>(SAVED_REPLIES_KEY, SAVED_REPLIES_PATH);
export const useSaveSavedReply = <Input>(id?: number) =>
  useSaveItem<Input>(SAVED_REPLIES_KEY, SAVED_REPLIES_PATH, id);
export const useRemoveSavedReply = () => useRemoveItem(SAVED_REPLIES_KEY, SAVED_REPLIES_PATH);
