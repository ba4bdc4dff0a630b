import type { OrderListOrder } from '../../../contract/orders';

/** The order line a return is asked for, as the order list gave it. */
export interface ReturnTarget {
  order: OrderListOrder;
  line: OrderListOrder['order_products'][number];
}
