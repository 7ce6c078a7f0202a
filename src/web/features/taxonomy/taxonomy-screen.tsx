import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '../../../shared/locales';
import type { CategoryInput } from '../../../shared/schemas/admin-taxonomy';
import { CategoryIcon } from '../../components/category-icon';
import type { ApiResult } from '../../lib/api-client';
import { useLocale } from '../../lib/use-locale';
import { useDialogStore } from '../../stores/dialog-store';
import { useSnackbarStore } from '../../stores/snackbar-store';
import { EntryDialog, type EntryDraft } from './entry-dialog';
import { MergeDialog } from './merge-dialog';
import { NameCompleteness } from './name-completeness';
import {
  type AdminCategory,
  type AdminSubcategory,
  type AdminTag,
  createCategory,
  createSubcategory,
  createTag,
  deleteEntry,
  fetchCategories,
  fetchTags,
  mergeTag,
  type TaxonomyKind,
  updateEntry,
} from './taxonomy-api';

type Entry = AdminCategory | AdminSubcategory | AdminTag;

/** The dialog open now: add or edit an entry of a kind (a new subcategory knows its category), or a merge. */
type OpenDialog =
  | { type: 'entry'; kind: TaxonomyKind; entry: Entry | null; categoryId?: number }
  | { type: 'merge'; tag: AdminTag }
  | null;

/** A dialog's values as the API takes them: unwritten languages left out, an empty slug not sent. */
function toInput(values: CategoryInput) {
  const name = Object.fromEntries(Object.entries(values.name).filter(([, text]) => Boolean(text?.trim()))) as CategoryInput['name'];
  return { name, slug: values.slug ? values.slug : undefined };
}

/**
 * The admin's taxonomy: categories with their subcategories nested, then tags. Each entry shows its names'
 * completeness, slug, event count and state, and offers order (up/down), show/hide, edit (names, slug,
 * icon), delete (refused while events name a category or subcategory: hide it instead) and, for tags,
 * merge. After every change the lists are read again, so counts and order are the server's.
 */
export function TaxonomyScreen({ initialCategories, initialTags }: { initialCategories: AdminCategory[]; initialTags: AdminTag[] }) {
  const { t } = useTranslation('taxonomy');
  const locale = useLocale();
  const showSnackbar = useSnackbarStore((state) => state.show);
  const showDialog = useDialogStore((state) => state.show);
  const [categories, setCategories] = useState(initialCategories);
  const [tags, setTags] = useState(initialTags);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const nameOf = (entry: Entry) => pickLocalized(entry.name, locale);

  const reload = async () => {
    const [nextCategories, nextTags] = await Promise.all([fetchCategories(), fetchTags()]);
    if (nextCategories.ok) setCategories(nextCategories.data.items);
    if (nextTags.ok) setTags(nextTags.data.items);
  };
  /** Runs a write; on success says so and reads the lists again (a refusal is shown by the API client). */
  const run = async <T,>(write: Promise<ApiResult<T>>, done: string): Promise<ApiResult<T>> => {
    const result = await write;
    if (result.ok) {
      setDialog(null);
      showSnackbar(done, 'success');
      await reload();
    }
    return result;
  };

  const move = (kind: TaxonomyKind, entry: Entry, position: number) => void run(updateEntry(kind, entry.id, { position }), t('done.moved', { name: nameOf(entry) }));
  const toggleHidden = (kind: TaxonomyKind, entry: Entry) =>
    void run(updateEntry(kind, entry.id, { hidden: !entry.hidden }), t(entry.hidden ? 'done.shown' : 'done.hidden', { name: nameOf(entry) }));
  const confirmDelete = (kind: TaxonomyKind, entry: Entry) =>
    showDialog({
      title: t('delete.title', { name: nameOf(entry) }),
      message: t(kind === 'tag' ? 'delete.tagMessage' : 'delete.message', { name: nameOf(entry), count: entry.event_count }),
      status: 'warning',
      action: 'taxonomy:delete.confirm',
      onConfirm: () => void run(deleteEntry(kind, entry.id), t('done.deleted', { name: nameOf(entry) })),
    });

  const submitEntry = (open: Extract<OpenDialog, { type: 'entry' }>) => async (values: CategoryInput) => {
    const input = toInput(values);
    if (open.entry) {
      const patch = open.kind === 'category' ? { ...input, icon: values.icon } : input;
      return run(updateEntry(open.kind, open.entry.id, patch), t('done.saved', { name: input.name.sr }));
    }
    if (open.kind === 'category') return run(createCategory({ ...input, icon: values.icon }), t('done.added', { name: input.name.sr }));
    if (open.kind === 'subcategory') return run(createSubcategory({ ...input, category_id: open.categoryId ?? 0 }), t('done.added', { name: input.name.sr }));
    return run(createTag(input), t('done.added', { name: input.name.sr }));
  };

  const row = (kind: TaxonomyKind, entry: Entry, index: number, count: number, extra?: ReactNode) => (
    <EntryRow
      key={`${kind}-${entry.id}`}
      kind={kind}
      entry={entry}
      name={nameOf(entry)}
      first={index === 0}
      last={index === count - 1}
      onMove={(offset) => move(kind, entry, index + offset)}
      onToggleHidden={() => toggleHidden(kind, entry)}
      onEdit={() => setDialog({ type: 'entry', kind, entry })}
      onDelete={() => confirmDelete(kind, entry)}
      onMerge={kind === 'tag' ? () => setDialog({ type: 'merge', tag: entry as AdminTag }) : undefined}
    >
      {extra}
    </EntryRow>
  );

  return (
    <Stack spacing={4}>
      <Stack spacing={1.5} component="section" aria-labelledby="taxonomy-categories-heading">
        <SectionHeading id="taxonomy-categories-heading" title={t('categories.heading')} add={t('categories.add')} onAdd={() => setDialog({ type: 'entry', kind: 'category', entry: null })} />
        <Paper variant="outlined">
          <List disablePadding aria-labelledby="taxonomy-categories-heading">
            {categories.map((category, index) =>
              row(
                'category',
                category,
                index,
                categories.length,
                <Box sx={{ width: '100%', pl: { xs: 1, sm: 4 } }}>
                  <List disablePadding aria-label={t('subcategories.of', { name: nameOf(category) })}>
                    {category.subcategories.map((sub, subIndex) => row('subcategory', sub, subIndex, category.subcategories.length))}
                  </List>
                  <Button size="small" startIcon={<AddIcon />} onClick={() => setDialog({ type: 'entry', kind: 'subcategory', entry: null, categoryId: category.id })}>
                    {t('subcategories.add', { name: nameOf(category) })}
                  </Button>
                </Box>,
              ),
            )}
          </List>
        </Paper>
      </Stack>

      <Stack spacing={1.5} component="section" aria-labelledby="taxonomy-tags-heading">
        <SectionHeading id="taxonomy-tags-heading" title={t('tags.heading')} add={t('tags.add')} onAdd={() => setDialog({ type: 'entry', kind: 'tag', entry: null })} />
        <Paper variant="outlined">
          <List disablePadding aria-labelledby="taxonomy-tags-heading">
            {tags.map((tag, index) => row('tag', tag, index, tags.length))}
          </List>
        </Paper>
      </Stack>

      {dialog?.type === 'entry' ? (
        <EntryDialog kind={dialog.kind} entry={dialog.entry ? draftOf(dialog.entry) : null} onClose={() => setDialog(null)} onSubmit={submitEntry(dialog)} />
      ) : null}
      {dialog?.type === 'merge' ? (
        <MergeDialog
          tag={dialog.tag}
          tags={tags}
          nameOf={nameOf}
          onClose={() => setDialog(null)}
          onSubmit={(into) => run(mergeTag(dialog.tag.id, into), t('done.merged', { name: nameOf(dialog.tag) }))}
        />
      ) : null}
    </Stack>
  );
}

function draftOf(entry: Entry): EntryDraft {
  return { name: entry.name, slug: entry.slug, icon: 'icon' in entry ? entry.icon : undefined };
}

function SectionHeading({ id, title, add, onAdd }: { id: string; title: string; add: string; onAdd: () => void }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <Typography variant="h2" id={id}>
        {title}
      </Typography>
      <Button variant="outlined" startIcon={<AddIcon />} onClick={onAdd}>
        {add}
      </Button>
    </Stack>
  );
}

/** One entry: what it is and its state on the first line, its actions on the next (side by side on a wide screen). */
function EntryRow({
  kind,
  entry,
  name,
  first,
  last,
  onMove,
  onToggleHidden,
  onEdit,
  onDelete,
  onMerge,
  children,
}: {
  kind: TaxonomyKind;
  entry: Entry;
  name: string;
  first: boolean;
  last: boolean;
  onMove: (offset: -1 | 1) => void;
  onToggleHidden: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onMerge?: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('taxonomy');
  // Events need their category and subcategory: those with events can only be hidden. A tag just leaves them.
  const blocked = kind !== 'tag' && entry.event_count > 0;
  const blockedId = `taxonomy-${kind}-${entry.id}-blocked`;
  return (
    <ListItem divider sx={{ flexWrap: 'wrap', gap: 1, py: 1.5 }} data-testid={`taxonomy-${kind}`}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flex: '1 1 260px', minWidth: 0 }}>
        {'icon' in entry ? <CategoryIcon icon={entry.icon} color={entry.hidden ? 'disabled' : 'primary'} /> : null}
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography component="span" sx={{ fontWeight: 600, color: entry.hidden ? 'text.secondary' : undefined }}>
              {name}
            </Typography>
            <NameCompleteness names={entry.name} />
            {entry.hidden ? <Chip size="small" label={t('state.hidden')} /> : null}
          </Stack>
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {entry.slug} · {t('events', { count: entry.event_count })}
          </Typography>
          {blocked ? (
            <Typography variant="caption" color="textSecondary" id={blockedId}>
              {t('delete.blocked')}
            </Typography>
          ) : null}
        </Box>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <IconButton aria-label={t('actions.moveUp', { name })} disabled={first} onClick={() => onMove(-1)}>
          <ArrowUpwardIcon />
        </IconButton>
        <IconButton aria-label={t('actions.moveDown', { name })} disabled={last} onClick={() => onMove(1)}>
          <ArrowDownwardIcon />
        </IconButton>
        <FormControlLabel
          control={<Switch checked={!entry.hidden} onChange={onToggleHidden} slotProps={{ input: { 'aria-label': t('actions.visible', { name }) } }} />}
          label={t('actions.visibleShort')}
          sx={{ mx: 0.5 }}
        />
        <IconButton aria-label={t('actions.edit', { name })} onClick={onEdit}>
          <EditIcon />
        </IconButton>
        {onMerge ? (
          <IconButton aria-label={t('actions.merge', { name })} onClick={onMerge}>
            <CallMergeIcon />
          </IconButton>
        ) : null}
        <IconButton aria-label={t('actions.delete', { name })} disabled={blocked} aria-describedby={blocked ? blockedId : undefined} onClick={onDelete}>
          <DeleteOutlineIcon />
        </IconButton>
      </Stack>
      {children}
    </ListItem>
  );
}
