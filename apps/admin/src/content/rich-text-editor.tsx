import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { WEB_ADDRESS_MESSAGES, withHttps } from '@vitrin/shared/web-address';
import { type KeyboardEvent, type ReactNode, type SyntheticEvent, useEffect, useId, useState } from 'react';
import { messageOf } from '../lib/api.ts';
import { uploadImage } from '../products/product-images-upload.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/field.tsx';
import { FileButton } from '../ui/image-drop-zone.tsx';
import { isImageSource, isLinkTarget } from './rich-text-urls.ts';
import './rich-text.css';

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** The id of the label (the editor is a textbox named by it). */
  labelId: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  /** Shown, not edited: no toolbar, the text not editable. */
  readOnly?: boolean;
}

function ToolButton({
  label,
  active,
  disabled,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      {...(active === undefined ? {} : { 'aria-pressed': active })}
      disabled={disabled}
      // A click keeps the focus and the selection in the text (Tab, Enter and Space still reach the button).
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`min-h-10 min-w-10 rounded px-2 text-sm font-semibold text-stone-900 hover:bg-stone-200 disabled:text-stone-400 ${active ? 'bg-amber-100 text-amber-950' : ''}`}
    >
      {children}
    </button>
  );
}

/** The small form under the toolbar that asks for a link's or an image's address. */
function AddressForm({
  label,
  initial,
  check,
  withAlt,
  onDone,
  onRemove,
}: {
  label: string;
  initial: string;
  check: (url: string) => boolean;
  withAlt?: boolean;
  onDone: (url: string, alt: string) => void;
  onRemove?: (() => void) | undefined;
}) {
  const [url, setUrl] = useState(initial);
  const [alt, setAlt] = useState('');
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();
  const id = useId();
  const onEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter') submit(event);
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const value = withHttps(url.trim());
    if (!check(value)) {
      setError(WEB_ADDRESS_MESSAGES.invalidLink);
      return;
    }
    onDone(value, alt.trim());
  };
  return (
    // A form inside the page's form is not allowed: this one applies on its button and on Enter.
    <fieldset className="flex flex-wrap items-end gap-2 border-b border-stone-300 bg-stone-50 p-2">
      <legend className="sr-only">{label}</legend>
      <div className="flex min-w-56 flex-1 flex-col gap-1">
        <label htmlFor={`${id}-url`} className="text-sm font-medium text-stone-800">
          {label}
        </label>
        <Input
          id={`${id}-url`}
          type="text"
          inputMode="url"
          value={url}
          autoFocus
          aria-invalid={Boolean(error)}
          {...(error ? { 'aria-describedby': `${id}-error` } : {})}
          onKeyDown={onEnter}
          onChange={(event) => {
            setUrl(event.target.value);
            setError(undefined);
          }}
        />
        {error && (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      {withAlt && (
        <div className="flex min-w-48 flex-1 flex-col gap-1">
          <span className="text-sm font-medium text-stone-800">Ya da bilgisayardan yükleyin</span>
          <FileButton
            label="Görsel seçin"
            look="secondary"
            disabled={uploading}
            onFiles={async ([file]) => {
              if (!file) return;
              setUploading(true);
              setError(undefined);
              try {
                setUrl(`/uploads/${(await uploadImage(file, () => {}, 'post')).path}`);
              } catch (err) {
                setError(messageOf(err));
              } finally {
                setUploading(false);
              }
            }}
          />
          {uploading && (
            <p role="status" className="text-sm text-stone-700">
              Yükleniyor…
            </p>
          )}
        </div>
      )}
      {withAlt && (
        <div className="flex min-w-48 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-alt`} className="text-sm font-medium text-stone-800">
            Görselin açıklaması (alt metin)
          </label>
          <Input
            id={`${id}-alt`}
            type="text"
            value={alt}
            onKeyDown={onEnter}
            onChange={(event) => setAlt(event.target.value)}
          />
        </div>
      )}
      <Button onClick={submit}>Uygula</Button>
      {onRemove && (
        <Button look="secondary" onClick={onRemove}>
          Bağlantıyı kaldır
        </Button>
      )}
      <Button look="secondary" onClick={() => onDone('', '')}>
        Vazgeç
      </Button>
    </fieldset>
  );
}

function Toolbar({ editor, asking }: { editor: Editor; asking: (what: 'link' | 'image') => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      h4: e.isActive('heading', { level: 4 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div
      role="toolbar"
      aria-label="Metin biçimi"
      className="flex flex-wrap gap-1 border-b border-stone-300 bg-stone-50 p-1"
    >
      {([2, 3, 4] as const).map((level) => (
        <ToolButton
          key={level}
          label={`Başlık ${level}`}
          active={state[`h${level}`]}
          onClick={() => chain().toggleHeading({ level }).run()}
        >
          H{level}
        </ToolButton>
      ))}
      <ToolButton label="Kalın" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <strong>K</strong>
      </ToolButton>
      <ToolButton label="İtalik" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <em>İ</em>
      </ToolButton>
      <ToolButton
        label="Madde işaretli liste"
        active={state.bullet}
        onClick={() => chain().toggleBulletList().run()}
      >
        • ≡
      </ToolButton>
      <ToolButton
        label="Numaralı liste"
        active={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      >
        1.≡
      </ToolButton>
      <ToolButton label="Alıntı" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        ❝
      </ToolButton>
      <ToolButton label="Bağlantı" active={state.link} onClick={() => asking('link')}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
          <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
        </svg>
      </ToolButton>
      <ToolButton label="Görsel ekle" onClick={() => asking('image')}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        >
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <circle cx="9" cy="10" r="1.5" />
          <path d="m4 18 5-5 4 4 3-3 4 4" />
        </svg>
      </ToolButton>
      <ToolButton label="Geri al" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        ↶
      </ToolButton>
      <ToolButton label="Yinele" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        ↷
      </ToolButton>
    </div>
  );
}

/**
 * The rich-text editor of pages, blog posts and product descriptions (TipTap): only what the server keeps (headings 2–4, bold,
 * italic, lists, quote, links, images). Loaded with the form that uses it, not with the panel. Its HTML is
 * sanitized again by the server before it is stored.
 */
export default function RichTextEditor({
  value,
  onChange,
  labelId,
  describedBy,
  invalid,
  readOnly = false,
}: RichTextEditorProps) {
  const [asking, setAsking] = useState<'link' | 'image'>();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        strike: false,
        underline: false,
        link: { openOnClick: false, autolink: true, protocols: [], defaultProtocol: 'https' },
      }),
      // A pasted image from elsewhere (or `<img src=x>`) is dropped here as the server would drop it; one
      // without a description gets an empty alt, so it is marked as decoration rather than unnamed.
      Image.extend({
        parseHTML: () => [
          {
            tag: 'img[src]',
            getAttrs: (img) => (isImageSource(img.getAttribute('src') ?? '') ? null : false),
          },
        ],
      }).configure({ inline: false, HTMLAttributes: { alt: '' } }),
    ],
    content: value,
    editable: !readOnly,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        'aria-invalid': String(Boolean(invalid)),
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
        class: 'rich-text min-h-64 px-3 py-2 text-base text-stone-900 focus:outline-none',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A value set from outside (the form reset to the stored record) replaces what the editor shows.
  useEffect(() => {
    // An editor TipTap has just destroyed (it makes a new one when its options change) has no schema left.
    if (editor && !editor.isDestroyed && value !== (editor.isEmpty ? '' : editor.getHTML())) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);
  if (!editor) return null;
  const done = () => {
    setAsking(undefined);
    editor.commands.focus();
  };
  return (
    <div
      className={`overflow-hidden rounded-md border ${readOnly ? 'bg-stone-100' : 'bg-white'} focus-within:ring-2 focus-within:ring-amber-700 ${invalid ? 'border-red-700' : 'border-stone-400'}`}
    >
      {!readOnly && <Toolbar editor={editor} asking={setAsking} />}
      {asking === 'link' && (
        <AddressForm
          label="Bağlantı adresi"
          initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
          check={isLinkTarget}
          onRemove={
            editor.isActive('link')
              ? () => {
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                  setAsking(undefined);
                }
              : undefined
          }
          onDone={(href) => {
            // Nothing selected: the address itself becomes the link's text.
            if (href && editor.state.selection.empty && !editor.isActive('link')) {
              editor
                .chain()
                .focus()
                .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
                .run();
            } else if (href) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
            done();
          }}
        />
      )}
      {asking === 'image' && (
        <AddressForm
          label="Görsel adresi (https:// ya da /uploads/…)"
          initial=""
          withAlt
          check={isImageSource}
          onDone={(src, alt) => {
            if (src) editor.chain().focus().setImage({ src, alt }).run();
            done();
          }}
        />
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
