import { ShoppingCart } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { EquipmentItem } from '../data/equipment';
import { formatPrice } from '../utils/cart';
import { EquipmentIcon } from './equipment-icon';
import { StarRating } from './star-rating';

export function EquipmentCard({ item, quantityInCart, onAdd }: { item: EquipmentItem; quantityInCart: number; onAdd: () => void }) {
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="relative flex h-36 items-center justify-center bg-muted text-primary">
        <EquipmentIcon image={item.image} className="size-20" />
        <Badge variant="outline" className="absolute top-3 left-3 bg-card">
          {item.category}
        </Badge>
        {!item.inStock && (
          <Badge variant="destructive" className="absolute top-3 right-3">
            Out of stock
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 className="text-base font-semibold leading-snug">{item.name}</h2>
        <p className="text-sm text-muted-foreground">{item.description}</p>
        <StarRating rating={item.rating} reviews={item.reviews} />
        {quantityInCart > 0 && <p className="text-sm font-medium text-success">{quantityInCart} in your cart</p>}
        <div className="mt-auto flex items-center justify-between gap-3 pt-2">
          <p className="text-xl font-bold">{formatPrice(item.price)}</p>
          {item.inStock ? (
            <Button variant="accent" onClick={onAdd}>
              <ShoppingCart aria-hidden="true" />
              Add to Cart<span className="sr-only">: {item.name}</span>
            </Button>
          ) : (
            <Button disabled>Out of Stock</Button>
          )}
        </div>
      </div>
    </Card>
  );
}
