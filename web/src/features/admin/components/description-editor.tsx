// The product description's rich-text editor: paragraphs, two levels of headings, bold, italic,
// bulleted and numbered lists, https and mailto links. A contenteditable region behind a toolbar
// (one tab stop, arrow keys between its buttons, each with its label and pressed state). The
// browser's editing commands do the edits, keeping its undo history and its handling of a
// selection across elements; whatever tags they write, the description's model
// (`@/lib/description-html`) reads them and writes the canonical form the database accepts, when
// the form saves and when something is pasted.
import { Bold, Heading2, Heading3, Italic, Link, List, ListOrdered, Pilcrow, Unlink, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { activeFormats, noFormats, type ActiveFormats, type BlockFormat } from '@/features/admin/lib/description-formats';
import { allowedHref, sanitizeDescription, writeInline } from '@/lib/description-html';

interface Tool {
  label: string;
  icon: LucideIcon;
  pressed: (formats: ActiveFormats) => boolean;
  shortcut?: string;
}

const blockTools: Record<BlockFormat, Tool> = {
  paragraph: { label: 'Paragraphe', icon: Pilcrow, pressed: (f) => f.block === 'paragraph' },
  heading2: { label: 'Titre', icon: Heading2, pressed: (f) => f.block === 'heading2' },
  heading3: { label: 'Sous-titre', icon: Heading3, pressed: (f) => f.block === 'heading3' },
  bulleted: { label: 'Liste à puces', icon: List, pressed: (f) => f.block === 'bulleted' },
  numbered: { label: 'Liste numérotée', icon: ListOrdered, pressed: (f) => f.block === 'numbered' },
};
const boldTool: Tool = { label: 'Gras', icon: Bold, pressed: (f) => f.bold, shortcut: 'Control+B' };
const italicTool: Tool = { label: 'Italique', icon: Italic, pressed: (f) => f.italic, shortcut: 'Control+I' };
const linkTool: Tool = { label: 'Lien', icon: Link, pressed: (f) => f.link };

/** The browser's command for a block format; pressing a pressed one goes back to a paragraph. */
function blockCommand(format: BlockFormat, current: ActiveFormats): [string, string?] {
  if (format === 'bulleted') return ['insertUnorderedList'];
  if (format === 'numbered') return ['insertOrderedList'];
  // Leaving a list first: formatBlock within a list item would put a heading inside it.
  if (current.block === 'bulleted' || current.block === 'numbered') return [current.block === 'bulleted' ? 'insertUnorderedList' : 'insertOrderedList'];
  const tag = format === 'paragraph' || current.block === format ? 'p' : format === 'heading2' ? 'h2' : 'h3';
  return ['formatBlock', tag];
}

interface DescriptionEditorProps {
  /** The description as saved: shown once, when the editor mounts; then the editor holds what is typed. */
  initialHtml: string | null;
  labelId: string;
  /** The id of what is said about the field (its error), and whether it is in error. */
  describedBy?: string | undefined;
  invalid?: boolean;
  /** The editor's HTML after each change, as the browser wrote it: sanitise it before saving. */
  onChange: (html: string) => void;
}

export function DescriptionEditor({ initialHtml, labelId, describedBy, invalid = false, onChange }: DescriptionEditorProps) {
  const editorId = useId();
  const editor = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const selection = useRef<Range | null>(null);
  const [formats, setFormats] = useState<ActiveFormats>(noFormats);
  const [focusIndex, setFocusIndex] = useState(0);
  const [linkField, setLinkField] = useState<{ href: string; error: string | null } | null>(null);

  useEffect(() => {
    // Canonical HTML only: nothing the database refused can reach the page through the editor.
    if (editor.current) editor.current.innerHTML = sanitizeDescription(initialHtml) ?? '';
    // Once: later renders must not replace what is being typed.
  }, []);

  /**
   * Bold or italic pressed with nothing selected writes nothing until a letter is typed: the toggle
   * waits at the caret, and the toolbar shows it there.
   */
  const pending = useRef<{ node: Node; offset: number; bold: boolean; italic: boolean } | null>(null);
  const readFormats = (root: HTMLElement): ActiveFormats => {
    const current = document.getSelection();
    const formats = activeFormats(current?.anchorNode ?? null, root);
    const waiting = pending.current;
    if (waiting && current?.anchorNode === waiting.node && current.anchorOffset === waiting.offset) {
      return { ...formats, bold: formats.bold !== waiting.bold, italic: formats.italic !== waiting.italic };
    }
    pending.current = null;
    return formats;
  };

  useEffect(() => {
    const remember = () => {
      const root = editor.current;
      const current = document.getSelection();
      if (!root || !current?.rangeCount || !root.contains(current.anchorNode)) return;
      selection.current = current.getRangeAt(0).cloneRange();
      setFormats(readFormats(root));
    };
    document.addEventListener('selectionchange', remember);
    return () => document.removeEventListener('selectionchange', remember);
  }, []);

  /** Runs an editing command where the caret was, the editor focused again. */
  const run = (command: string, value?: string) => {
    const root = editor.current;
    if (!root) return;
    const current = document.getSelection();
    // The selection stays in the editor while a button is used; the link's field takes it away.
    const inside = !!current?.rangeCount && root.contains(current.anchorNode);
    root.focus();
    if (!inside && selection.current && current) {
      current.removeAllRanges();
      current.addRange(selection.current);
    }
    document.execCommand('defaultParagraphSeparator', false, 'p');
    document.execCommand(command, false, value);
    const caret = document.getSelection();
    if ((command === 'bold' || command === 'italic') && caret?.isCollapsed && caret.anchorNode) {
      const waiting = pending.current?.node === caret.anchorNode && pending.current.offset === caret.anchorOffset ? pending.current : null;
      pending.current = {
        node: caret.anchorNode,
        offset: caret.anchorOffset,
        bold: (waiting?.bold ?? false) !== (command === 'bold'),
        italic: (waiting?.italic ?? false) !== (command === 'italic'),
      };
    }
    onChange(root.innerHTML);
    setFormats(readFormats(root));
  };

  const addLink = () => {
    if (!linkField) return;
    const href = allowedHref(linkField.href);
    if (!href) {
      setLinkField({ ...linkField, error: 'Indiquez une adresse qui commence par https:// ou mailto:, sans espace.' });
      return;
    }
    setLinkField(null);
    // Nothing selected: the address itself becomes the link's text.
    if (!selection.current || selection.current.collapsed) run('insertHTML', writeInline([{ kind: 'text', text: href, bold: false, italic: false, href }]));
    else run('createLink', href);
  };

  const tools: { tool: Tool; act: () => void }[] = [
    ...(['paragraph', 'heading2', 'heading3'] as const).map((format) => ({ tool: blockTools[format], act: () => run(...blockCommand(format, formats)) })),
    { tool: boldTool, act: () => run('bold') },
    { tool: italicTool, act: () => run('italic') },
    ...(['bulleted', 'numbered'] as const).map((format) => ({ tool: blockTools[format], act: () => run(...blockCommand(format, formats)) })),
    {
      tool: formats.link ? { ...linkTool, label: 'Retirer le lien', icon: Unlink } : linkTool,
      act: () => (formats.link ? run('unlink') : setLinkField({ href: 'https://', error: null })),
    },
  ];

  // One tab stop for the toolbar; the arrow keys, Home and End move between its buttons.
  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -tools.length, End: tools.length }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = Math.min(tools.length - 1, Math.max(0, focusIndex + step));
    setFocusIndex(next);
    toolbar.current?.querySelectorAll('button')[next]?.focus();
  };

  return (
    <div className="space-y-2">
      <div
        ref={toolbar}
        role="toolbar"
        aria-label="Mise en forme de la description"
        aria-controls={editorId}
        onKeyDown={onToolbarKey}
        className="flex flex-wrap gap-1 rounded-xl border border-plum-100 bg-plum-50/50 p-1"
      >
        {tools.map(({ tool, act }, index) => {
          const Icon = tool.icon;
          return (
            <button
              key={tool.label}
              type="button"
              tabIndex={index === focusIndex ? 0 : -1}
              aria-pressed={tool.pressed(formats)}
              aria-label={tool.label}
              aria-keyshortcuts={tool.shortcut}
              title={tool.label}
              // The editor keeps its selection while a button is clicked.
              onMouseDown={(event) => event.preventDefault()}
              onFocus={() => setFocusIndex(index)}
              onClick={act}
              className="inline-flex h-9 w-9 items-center justify-center rounded-lg text-plum-800 hover:bg-plum-100 focus-visible:outline-2 focus-visible:outline-gold-500 aria-pressed:bg-plum-700 aria-pressed:text-ivory"
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
            </button>
          );
        })}
      </div>
      {linkField ? (
        <div className="flex flex-wrap items-end gap-2" role="group" aria-label="Ajouter un lien">
          <div className="min-w-64 flex-1">
            <InputField
              label="Adresse du lien (https:// ou mailto:)"
              type="text"
              inputMode="url"
              autoComplete="off"
              autoFocus
              value={linkField.href}
              error={linkField.error ?? undefined}
              onChange={(event) => setLinkField({ href: event.target.value, error: null })}
              onKeyDown={(event) => {
                // Enter adds the link rather than submitting the description's form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addLink();
                } else if (event.key === 'Escape') setLinkField(null);
              }}
            />
          </div>
          <Button type="button" size="sm" onClick={addLink}>
            Ajouter le lien
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setLinkField(null)}>
            Annuler
          </Button>
        </div>
      ) : null}
      <div
        id={editorId}
        ref={editor}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        contentEditable
        suppressContentEditableWarning
        onInput={(event) => onChange(event.currentTarget.innerHTML)}
        onKeyDown={(event) => {
          // The toolbar's own shortcuts, so that what they press shows as the buttons' does.
          const key = event.key.toLowerCase();
          if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && (key === 'b' || key === 'i')) {
            event.preventDefault();
            run(key === 'b' ? 'bold' : 'italic');
          }
        }}
        onPaste={(event) => {
          // What is pasted comes from anywhere: only what the description may hold goes in.
          event.preventDefault();
          const html = event.clipboardData.getData('text/html');
          if (html) run('insertHTML', sanitizeDescription(html) ?? '');
          else run('insertText', event.clipboardData.getData('text/plain'));
        }}
        className="prose-description min-h-40 w-full rounded-xl border border-plum-200 bg-white px-4 py-3 text-ink focus-visible:border-plum-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold-500 aria-[invalid=true]:border-red-600"
      />
    </div>
  );
}
