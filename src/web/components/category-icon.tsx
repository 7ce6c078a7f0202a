import ChildCareIcon from '@mui/icons-material/ChildCare';
import ConstructionIcon from '@mui/icons-material/Construction';
import EventIcon from '@mui/icons-material/Event';
import FestivalIcon from '@mui/icons-material/Festival';
import MicIcon from '@mui/icons-material/Mic';
import MovieIcon from '@mui/icons-material/Movie';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import NightlifeIcon from '@mui/icons-material/Nightlife';
import PaletteIcon from '@mui/icons-material/Palette';
import SportsSoccerIcon from '@mui/icons-material/SportsSoccer';
import TheaterComedyIcon from '@mui/icons-material/TheaterComedy';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import type { CategoryIconName } from '../../shared/category-icons';

/**
 * Categories name a Material icon (snake_case); only these are bundled, one import each. Typed by the
 * shared list the admin picks from and the API validates against, so the two cannot drift apart.
 */
const ICONS: Record<CategoryIconName, ComponentType<SvgIconProps>> = {
  event: EventIcon,
  music_note: MusicNoteIcon,
  nightlife: NightlifeIcon,
  theater_comedy: TheaterComedyIcon,
  sports_soccer: SportsSoccerIcon,
  child_care: ChildCareIcon,
  palette: PaletteIcon,
  festival: FestivalIcon,
  mic: MicIcon,
  movie: MovieIcon,
  construction: ConstructionIcon,
};

export function CategoryIcon({ icon, ...props }: { icon: string } & SvgIconProps) {
  const Icon = ICONS[icon as CategoryIconName] ?? EventIcon;
  return <Icon aria-hidden {...props} />;
}
