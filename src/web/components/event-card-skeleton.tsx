import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';

/** Placeholder with the card's shape while more events load. */
export function EventCardSkeleton() {
  return (
    <Card sx={{ height: '100%' }} aria-hidden data-testid="event-card-skeleton">
      <Skeleton variant="rectangular" sx={{ aspectRatio: '1200 / 630', height: 'auto', width: '100%' }} />
      <CardContent>
        <Skeleton width="40%" />
        <Skeleton width="90%" height={28} />
        <Skeleton width="70%" />
        <Skeleton width="30%" />
      </CardContent>
    </Card>
  );
}
