import { useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { errorMessage } from '@/lib/api-client';
import { announcementMessages } from '#shared/messages/announcements';
import { acceptedImageTypes, uploadAnnouncementImage } from '../api/upload-image';
import { sanitizeForRender } from '../utils/sanitize-html';
import styles from './rich-text-editor.module.css';

interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** An image was uploaded and put in the text (its served path). */
  onImage: (url: string) => void;
}

/**
 * The announcement editor (TipTap): headings, bold, italic, underline, strike, lists, quotes and
 * images uploaded to the product's own media path. Loaded lazily by the editor dialog only.
 * It loads the stored markup through the reader's own sanitiser (DOMPurify, the shared allowlist),
 * so the operator's editor shows exactly what readers see, never a link they would not get; the
 * output is sanitised by the server on save and by DOMPurify on render anyway.
 */
export default function RichTextEditor({ value, onChange, onImage }: RichTextEditorProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const editor = useEditor({
    // The site's CSP allows no inline <style>: TipTap's few base rules live in our stylesheet.
    injectCSS: false,
    immediatelyRender: true,
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: [], defaultProtocol: 'https' } }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: sanitizeForRender(value),
    editorProps: {
      attributes: {
        class: styles.surface,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': '내용',
        'aria-required': 'true',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
    }),
  });

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setUploadError(null);
    try {
      const url = await uploadAnnouncementImage(file);
      editor
        .chain()
        .focus()
        .setImage({ src: url, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
      onImage(url);
    } catch (err) {
      setUploadError(errorMessage(err, err instanceof Error ? err.message : announcementMessages.imageUploadFailed));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const tool = (label: string, text: string, active: boolean, run: () => void) => (
    <button
      type="button"
      className={`${styles.tool} ${active ? styles.active : ''}`}
      title={label}
      aria-pressed={active}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    >
      {/* The short glyph is what sighted users see; screen readers hear the Korean name. */}
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{label}</span>
    </button>
  );

  return (
    <div className={styles.editor}>
      <div className={styles.toolbar} role="toolbar" aria-label="서식">
        {tool('제목 2', 'H2', state.h2, () => editor.chain().focus().toggleHeading({ level: 2 }).run())}
        {tool('제목 3', 'H3', state.h3, () => editor.chain().focus().toggleHeading({ level: 3 }).run())}
        {tool('굵게', 'B', state.bold, () => editor.chain().focus().toggleBold().run())}
        {tool('기울임', 'I', state.italic, () => editor.chain().focus().toggleItalic().run())}
        {tool('밑줄', 'U', state.underline, () => editor.chain().focus().toggleUnderline().run())}
        {tool('취소선', 'S', state.strike, () => editor.chain().focus().toggleStrike().run())}
        {tool('글머리 기호 목록', '•', state.bullet, () => editor.chain().focus().toggleBulletList().run())}
        {tool('번호 목록', '1.', state.ordered, () => editor.chain().focus().toggleOrderedList().run())}
        {tool('인용', '❝', state.quote, () => editor.chain().focus().toggleBlockquote().run())}
        <label className={styles.tool}>
          {uploading ? '업로드 중…' : '이미지'}
          <input
            ref={fileInput}
            type="file"
            accept={acceptedImageTypes}
            className="visually-hidden"
            aria-label="이미지 업로드"
            disabled={uploading}
            onChange={(e) => void upload(e.target.files?.[0])}
          />
        </label>
      </div>
      <EditorContent editor={editor} />
      {uploadError && (
        <p className={styles.error} role="alert">
          {uploadError}
        </p>
      )}
    </div>
  );
}
