// Web push (issue 17) as other modules see it: the routes (devices of the account settings), and
// queuing a push with what caused it (alerts, an order paid) and sending the queue.
export { pushRoutes } from './routes';
export { deliverPushes, queuePush } from './service';
