// The article content editor (Quill via react-quill-new). Loaded lazily: only the news form
// pulls it, so neither the public site nor the other managers download it.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import { describedBy, FieldNotes, RequiredMark } from '../../components/FormField';
import { MediaLibrary } from '../media/MediaLibrary';

// The spec's toolbar: headers 1-3 or normal, bold, italic, underline, strike, ordered and bullet
// lists, alignment, link, image, clear formatting.
const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: [] }],
  ['link', 'image'],
  ['clean'],
];

const PICKER_NAMES: Record<string, { label: string; items: Record<string, string> }> = {
  'ql-header': {
    label: 'Text style',
    items: { '1': 'Heading 1', '2': 'Heading 2', '3': 'Heading 3', '': 'Normal text' },
  },
  'ql-align': {
    label: 'Text alignment',
    items: { '': 'Align left', center: 'Align centre', right: 'Align right', justify: 'Justify' },
  },
};

/** Quill's pickers are spans with role=button but no names; give them (and their items) one. */
function nameToolbarPickers(container: HTMLElement) {
  for (const [className, names] of Object.entries(PICKER_NAMES)) {
    const picker = container.querySelector(`.ql-picker.${className}`);
    picker?.querySelector('.ql-picker-label')?.setAttribute('aria-label', names.label);
    picker?.querySelectorAll('.ql-picker-item').forEach((item) => {
      const name = names.items[item.getAttribute('data-value') ?? ''];
      if (name) item.setAttribute('aria-label', name);
    });
  }
}

export default function RichTextEditor({
  label,
  value,
  onChange,
  error,
  hint,
  required,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  hint?: string;
  required?: boolean;
}) {
  const id = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const quill = useRef<ReactQuill>(null);
  const [libraryOpen, setLibraryOpen] = useState(false);

  // The toolbar's image button opens the media library instead of embedding the file as base64.
  const modules = useMemo(
    () => ({ toolbar: { container: TOOLBAR, handlers: { image: () => setLibraryOpen(true) } } }),
    [],
  );

  useEffect(() => {
    const root = wrapper.current;
    if (!root) return;
    nameToolbarPickers(root);
    const editor = root.querySelector('.ql-editor');
    if (!editor) return;
    editor.setAttribute('role', 'textbox');
    editor.setAttribute('aria-multiline', 'true');
    editor.setAttribute('aria-labelledby', `${id}-label`);
    if (required) editor.setAttribute('aria-required', 'true');
    const described = describedBy(id, error, hint);
    if (described) editor.setAttribute('aria-describedby', described);
    else editor.removeAttribute('aria-describedby');
    if (error) editor.setAttribute('aria-invalid', 'true');
    else editor.removeAttribute('aria-invalid');
  }, [id, error, hint, required]);

  function insertImage(url: string) {
    setLibraryOpen(false);
    const editor = quill.current?.getEditor();
    if (!editor) return;
    const at = editor.getSelection(true)?.index ?? editor.getLength();
    editor.insertEmbed(at, 'image', url, 'user');
    editor.setSelection(at + 1, 0);
  }

  return (
    <div>
      <p id={`${id}-label`} className="block text-sm font-medium text-slate-800">
        {label}
        <RequiredMark required={required} />
      </p>
      <div
        ref={wrapper}
        className={`mt-1 rounded-lg bg-white [&_.ql-editor]:min-h-[200px] ${error ? 'ring-2 ring-red-600' : ''}`}
      >
        <ReactQuill
          ref={quill}
          theme="snow"
          value={value}
          modules={modules}
          // Quill re-emits changes when it normalises the HTML it was given; only the
          // administrator's own edits change the form (and make it "unsaved").
          onChange={(html, _delta, source) => {
            if (source === 'user') onChange(html);
          }}
        />
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
      {libraryOpen ? (
        <MediaLibrary
          accept="image"
          onPick={(file) => insertImage(file.url)}
          onClose={() => setLibraryOpen(false)}
        />
      ) : null}
    </div>
  );
}
