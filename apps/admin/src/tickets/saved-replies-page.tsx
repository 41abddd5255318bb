import { zodResolver } from '@hookform/resolvers/zod';
import {
  type SavedReply,
  type SavedReplyRequest,
  savedReplyRequest,
} from '@vitrin/shared/api/admin/saved-replies';
import { SUPPORT_LIMITS } from '@vitrin/shared/api/form-limits';
import type { z } from '@vitrin/shared/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { messageOf } from '../lib/api.ts';
import { paths } from '../paths.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { FormInput, FormTextarea } from '../ui/form-fields.tsx';
import { Loading, Page } from '../ui/page.tsx';
import { useRemoveSavedReply, useSavedReplies, useSaveSavedReply } from './saved-replies-api.ts';

type Output = z.output<typeof savedReplyRequest>;
const FIELDS = ['title', 'body'] as const;

/** A new saved reply (no `reply`) or a change of one. */
function SavedReplyDialog({ reply, onClose }: { reply?: SavedReply; onClose: () => void }) {
  const form = useForm<SavedReplyRequest, unknown, Output>({
    resolver: zodResolver(savedReplyRequest),
    defaultValues: { title: reply?.title ?? '', body: reply?.body ?? '' },
  });
  const save = useSaveSavedReply<Output>(reply?.id);
  return (
    <FormDialog
      title={reply ? 'Hazır yanıtı düzenle' : 'Hazır yanıt ekle'}
      onClose={onClose}
      form={form}
      save={save}
      fields={FIELDS}
    >
      <FormInput form={form} name="title" label="Başlık" autoComplete="off" />
      <FormTextarea
        form={form}
        name="body"
        label="Yanıt metni"
        rows={8}
        hint={`Yanıta eklenir, göndermeden önce değiştirebilirsiniz. En fazla ${SUPPORT_LIMITS.message} karakter.`}
      />
    </FormDialog>
  );
}

/** Support's saved replies: listed, added, changed and deleted (tickets.write); inserted on a ticket's reply. */
export function SavedRepliesPage() {
  const list = useSavedReplies();
  const remove = useRemoveSavedReply();
  const [editing, setEditing] = useState<SavedReply | 'new'>();
  return (
    <Page
      title="Hazır yanıtlar"
      actions={<Button onClick={() => setEditing('new')}>Hazır yanıt ekle</Button>}
    >
      <p className="text-sm text-stone-700">
        Sık yazdığınız yanıtları burada saklayın; bir{' '}
        <Link to={paths.tickets} className="text-amber-900 underline">
          destek talebini
        </Link>{' '}
        yanıtlarken “Hazır yanıt ekle” ile metne ekleyebilirsiniz.
      </p>
      {list.isPending && <Loading />}
      {list.isError && <FormError message={messageOf(list.error)} />}
      {remove.error && <FormError message={messageOf(remove.error)} />}
      {list.data?.length === 0 && <p className="text-stone-700">Henüz hazır yanıt yok.</p>}
      <ul aria-label="Hazır yanıtlar" className="flex flex-col gap-2">
        {list.data?.map((reply) => (
          <li
            key={reply.id}
            className="flex flex-col gap-2 rounded-md border border-stone-300 bg-white p-3 sm:flex-row sm:items-start"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium">{reply.title}</p>
              <p className="line-clamp-3 text-sm whitespace-pre-line text-stone-700">{reply.body}</p>
            </div>
            <div className="flex gap-2">
              <Button look="secondary" onClick={() => setEditing(reply)}>
                Düzenle<span className="sr-only"> ({reply.title})</span>
              </Button>
              <Button
                look="secondary"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(`“${reply.title}” hazır yanıtı silinsin mi?`)) remove.mutate(reply.id);
                }}
              >
                Sil<span className="sr-only"> ({reply.title})</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {editing && (
        <SavedReplyDialog
          {...(editing === 'new' ? {} : { reply: editing })}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Page>
  );
}
