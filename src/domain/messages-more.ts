/**
 * The second part of the message catalogue (see messages.ts): texts of the cart, the checkout,
 * orders, the account area, the product page's forms and the SEO head. Loaded by the modules
 * that use them, so the home page's first download does not carry them.
 */
import { registerMessages } from './message-catalogue';

export const moreMessages = {
  // SPEC §5: field validation.
  'validation.required': 'This field is required.',
  'validation.empty': "This field can't be empty.",
  'validation.error': 'Please check the details you have entered.',
  'validation.agree': 'Please accept the terms and conditions.',
  'validation.required_warranty': 'Please choose a warranty for this part.',
  'validation.required_warranty_level': 'Please choose a warranty level.',
  'validation.required_email': 'Please enter your email address.',
  'validation.required_first_name': 'Please enter your first name.',
  'validation.required_last_name': 'Please enter your last name.',
  'validation.required_full_name': 'Please enter your full name.',
  'validation.required_phone': 'Please enter your phone number.',
  'validation.required_captcha': 'Please complete the security check.',
  'validation.captcha_failed': 'The security check could not be confirmed. Please complete it again.',
  'validation.select_make': 'Please select a make.',
  'validation.select_model': 'Please select a model.',
  'validation.select_part_type': 'Please select a part type.',
  'validation.email': 'Please enter a valid email address.',
  'validation.phone': 'A phone number can only contain digits, spaces, + and -.',
  'validation.postcode': 'Please enter a valid UK postcode.',
  'validation.min_chars': 'Please enter at least {min} characters.',
  'validation.whole_number': 'Please enter a whole number.',
  'validation.min_zero': 'Please enter a number of 0 or more.',
  'validation.other_answer': 'Please tell us a little more (at least 3 characters).',
  'validation.deletion_reason': 'Please choose a reason.',
  // One password rule (validation.ts): at least 12 characters, at most 128, one special character.
  'validation.password_min': 'Password has to contain at least 12 characters.',
  'validation.password_max': 'Password can contain at most 128 characters.',
  'validation.password_special':
    'Password has to contain at least 1 special character (a character that is not a letter or a digit).',
  'validation.password_rules':
    'Your password must be at least 12 characters long and contain at least 1 special character.',
  'validation.password_same': 'Passwords needs to be the same.',

  // Issue 7: cart, checkout, discount codes, sign-in and the order confirmation (our wording).
  'validation.max_chars': 'Please enter at most {max} characters.',
  'part_requests.empty': 'There are no part requests yet.',
  'part_requests.may_not_source': 'We may not be able to source this part.',
  'part_requests.sort_recent': 'Most recent',
  'part_requests.sort_oldest': 'Oldest first',
  // SPEC §4, §7: the shop's part request form and the acknowledgement e-mail it sends.
  'part_requests.sent':
    'Thank you. Your request reference is {reference}. We will search our yards and partners and reply by email within one working day.',
  'part_requests.mail_subject': 'Your part request {reference}',
  'part_requests.mail_text':
    'Hello {name},\n\nThank you for your part request. We have it as:\n\n  Part: {partName}\n  Vehicle registration: {carReg}\n  Reference: {reference}\n\nWhat happens next: we search our own yards and our partners for this part and reply to this email address within one working day, with the price, condition and warranty if we find one, or to tell you if we cannot source it.\n\nIf anything above is wrong, or you can tell us more (a part number, the engine code), reply to this email quoting {reference}.\n\nKind regards,\nPartsFinder UK',
  // SPEC §3, §5, §7: the product pages' forms — availability notification and enquiry — and their mails.
  'validation.agree_privacy': 'Please accept the privacy policy.',
  'validation.agree_marketing': 'Please agree to be contacted about your enquiry.',
  'product.not_found': 'This product could not be found.',

  // The search results, product cards, stock, compatibility and pretty dates (SPEC §2, §4).
  // SPEC §2: the groups of the no-results section.
  'search.sold_parts': 'Sold out',
  'search.coming_soon': 'Coming soon',
  'search.other_parts': 'Other parts that fit this make and model',
  // SPEC §2: the results of the part page's link to all parts from the same vehicle.
  'search.vehicle_parts': 'Parts from this vehicle',
  'search.vehicle_parts_of': 'Parts from this vehicle: {vehicle}',
  'search.vehicle_parts_name': 'parts from this vehicle',

  // SPEC §2: breadcrumbs of the search results.
  'breadcrumbs.oem': 'Part number search',
  'breadcrumbs.vrn': 'Registration search',
  'breadcrumbs.year': 'Year {year}',
  'breadcrumbs.all_years': 'All years',
  'breadcrumbs.gears': '{gears} SPEED',
  'breadcrumbs.stock': 'Stock no. {stock}',
  'breadcrumbs.result_one': '1 result',
  'breadcrumbs.results': '{count} results',
  'breadcrumbs.results_more': 'more than 25 results',

  // SPEC §4: compatibility levels.
  'product.compatibility_match.0': 'Compatibility unknown',
  'product.compatibility_match.1': 'Exact match for your vehicle',
  'product.compatibility_match.2': 'Likely match for your vehicle',
  'product.compatibility_match.3': 'Optional fit: please check the details',
  'product.compatibility_match.100': 'Compatibility not confirmed',
  'product.share_title': 'Product',
  // SPEC §2 product cards: the labels beside the gross and net prices.
  'product.inc_vat': 'inc. VAT',
  'product.ex_vat': 'ex. VAT',

  // SPEC §4: stock labels.
  'stock.full': 'In stock',
  'stock.limited': 'Limited stock',
  'stock.low': 'Low stock',
  'stock.few': 'Only a few left',
  'stock.none': 'Out of stock',

  // SPEC §2: jobs and blog.
  'jobs.empty': 'There are no jobs at the moment.',
  'jobs.all': 'All jobs',
  'jobs.view_all': 'View all jobs',
  'blog.heading': 'Blog and News',
  'blog.all': 'All',
  'blog.filter_by_category': 'Filter by category',

  // SPEC §4: pretty dates.
  'date.scheduled': 'Scheduled for {date}',
  'date.just_now': 'just now',
  'date.minute_ago': '1 minute ago',
  'date.minutes_ago': '{count} minutes ago',
  'date.hour_ago': '1 hour ago',
  'date.hours_ago': '{count} hours ago',
  'date.day_ago': '1 day ago',
  'date.days_ago': '{count} days ago',
  'date.week_ago': '1 week ago',
  'date.weeks_ago': '{count} weeks ago',
  'date.month_ago': '1 month ago',
  'date.months_ago': '{count} months ago',

  // SPEC §2, §5, §8: cart and checkout.
  'cart.empty': 'Your cart is empty.',
  'cart.no_products': 'There are no products in your cart.',
  'cart.no_deliveries': 'There are no delivery options for the selected region.',
  'cart.choose_region': 'Choose region',
  'cart.no_discount_code': 'Please enter a discount code.',
  'cart.region_postcode': 'Please choose your region and enter your postcode before adding a discount code.',
  'cart.postcode_matching':
    'This postcode is in the {region} region, so we have changed your region to {region}.',
  'cart.postcode_mismatch':
    'Postcode is different to what was selected. Please change your postcode at checkout.',
  'cart.non_uk_delivery':
    'This order will be delivered outside the UK. Delivery may take longer and import charges may apply.',
  'cart.item_added': '{name} has been added to your cart.',
  'cart.item_already_in_cart': '{name} is already in your cart.',
  'cart.item_updated': 'Your cart has been updated.',
  'cart.item_removed': '{name} has been removed from your cart.',
  'cart.part_not_found': 'We could not find this part.',
  'cart.line_not_found': 'This item is not in your cart.',
  'cart.part_unavailable': 'Sorry, {name} ({tag}) has just been sold or reserved by another customer.',
  'cart.part_not_for_sale': 'Sorry, {name} ({tag}) is not for sale yet.',
  'cart.quantity_one': 'A used part is one item: the quantity can only be 1.',
  'cart.warranty_not_offered': 'This warranty is not available for this part.',
  'cart.parts_gone':
    'Sorry, {parts} has just been sold or reserved by another customer. Please remove it from your cart to continue.',
  'cart.region_updated': 'Your delivery details have been updated.',
  'cart.region_required': 'Please choose your region.',
  'cart.region_unknown': 'Please choose one of the regions listed.',
  'cart.postcode_valid': 'Postcode accepted.',
  'cart.postcode_required': 'Please enter your delivery postcode.',
  'cart.postcode_other_region': 'This postcode is in the {region} region. Please choose that region.',
  'cart.delivery_required': 'Please choose a delivery option.',
  'cart.delivery_not_offered': 'This delivery option is not available for your region, postcode and parts.',
  'cart.addresses_required': 'Please enter your billing and delivery details.',
  'discount.applied': 'Discount code {code} has been applied.',
  'discount.removed': 'The discount code has been removed.',
  'discount.unknown': 'This discount code is not valid.',
  'discount.not_started': 'This discount code is not valid yet.',
  'discount.expired': 'This discount code has expired.',
  'discount.used_up': 'This discount code has already been used.',
  'discount.minimum_basket': 'This discount code needs a basket of at least {amount} including VAT.',
  'discount.no_longer_applies': 'Your discount code {code} no longer applies ({reason}) and has been removed. Please check your order.',
  'checkout.company_unavailable': 'Company accounts are not available at the moment.',
  'checkout.email_registered': 'An account with this email address already exists. Please sign in.',
  'checkout.details_saved': 'Your details have been saved.',
  'checkout.registered': 'Your account has been created and you are now signed in.',
  'members.login_failed': 'The email address or password is incorrect.',
  'members.logged_in': 'Welcome back, {name}.',
  'members.logged_out': 'You have been signed out.',
  'addresses.not_found': 'We could not find any addresses for this postcode. Please type your address.',
  'addresses.lookup_unavailable': 'The address finder is not available at the moment. Please type your address.',
  'orders.status_not_paid': 'Not paid',
  'orders.status_paid': 'Paid',
  'orders.status_refunded': 'Refunded',
  'orders.created': 'Thank you. Your order {number} has been placed.',
  'orders.next_pay': 'Pay for your order now to complete it. Until it is paid, the order shows as not paid in your account.',
  'orders.next_hold':
    'We hold the parts of your order for {minutes} minutes. If the order is not paid by {time}, they go back on sale and paying later depends on them still being available.',
  'orders.next_dispatch':
    'Once your payment is received we check and pack your parts and email you when they are on their way, with the tracking details.',
  'orders.mail_subject': 'Your order {number}',
  'orders.mail_text':
    'Hello {name},\n\nThank you for your order {number}, placed on {date}.\n\n{lines}\n\n{totals}\n\nDelivery: {delivery}\n{address}\n\nWhat happens next:\n{next}\n\nYour order: {url}\n\nPartsFinder UK',

  // SPEC §8: payments.
  'payment.unsuccessful': 'Payment Unsuccessful. Sorry there seems to be a problem with your payment details',
  'payment.paypal_init_failed': 'Could not initiate PayPal Checkout... {error}',
  'payment.paypal_capture_failed': 'Sorry, your transaction could not be processed... {error}',
  'payment.cancelled': 'Payment has been cancelled. You can continue with payment by choosing option below.',
  'payment.successful': 'Payment Successful. Thanks for your payment.',
  'payment.transaction': 'Transaction {status}, transaction ID: {id}',

  // SPEC §8: invoices.
  'invoice.request_error': 'An error occurred while processing your request. Please try again.',
  'invoice.not_generated': 'Invoice has not been generated yet, please try again later',

  // SPEC §2: account area.
  'account.logout_confirm': 'Are you sure you want to logout?',
  'account.confirm_deletion': 'Confirm Deletion',
  'orders.empty': 'There are no orders yet.',
  'orders.pay_now': 'Pay now',
  'orders.view_invoice': 'View Invoice',
  'orders.request_return': 'Request Return',
  'notifications.sent':
    'Thank you. We will email {email} as soon as we have a matching part in stock: {partName}, {make} {model}.',
  'notifications.in_stock': 'Good news: this part is in stock now, so you can buy it straight away.',
  'notifications.mail_subject': 'Back-in-stock alert set: {partName}, {make} {model}',
  'notifications.mail_text':
    'Hello {firstName},\n\nThank you for asking us to tell you when we have this part in stock:\n\n  Part: {partName}\n  Vehicle: {make} {model}\n  You saw it at: {productUrl}\n\nAs soon as a matching part is available we will send you one email with a link to it. We use your address for nothing else.\n\nKind regards,\nPartsFinder UK',
  'notifications.available_subject': 'In stock now: {partName}, {make} {model}',
  'notifications.available_text':
    'Hello {firstName},\n\nGood news: a part you asked us about is available now.\n\n  Part: {partName}\n  Vehicle: {make} {model}\n  Price: {price} inc. VAT\n  See it here: {productUrl}\n\nUsed parts are one of a kind and often sell quickly. This is the only email we send about your request.\n\nKind regards,\nPartsFinder UK',
  'enquiry.sent': 'Thank you for your enquiry. We will get back to you within one working day.',
  'enquiry.mail_subject': 'Enquiry {reference}: {productName}',
  'enquiry.mail_text':
    'A customer sent an enquiry from the product page.\n\n  Product: {productName}\n  Reference: {productReference}\n  Price: {price} inc. VAT\n  Link: {productUrl}\n\n  Name: {firstName} {lastName}\n  Email: {email}\n  Phone: {phone}\n  Contact by: {contactBy}\n  Agreed to the terms and to be contacted: yes\n\nMessage:\n{message}\n\nEnquiry reference: {reference}',
  // SPEC §2 'found and shared': what a product page tells search engines and link previews.
  'seo.site_name': 'PartsFinder UK',
  'seo.part_title': '{name} {oem}, used, grade {grade} | {site}',
  'seo.part_description': 'Used {name}, part number {oem}, grade {grade}, {price} inc. VAT. {description}',
  'seo.vehicle_title': '{name} for sale | {site}',
  'seo.vehicle_description': '{name} for sale, {price} inc. VAT. {description}',
  'seo.not_found_title': 'Page not found | {site}',
  'payment_preferences.empty': 'There are no payment preferences yet.',
  'payment_preferences.remove': 'Remove current payment method',

  // SPEC §4: return statuses.
  'return.info': 'Please choose the reason for your return.',
  'return_status.AWAITING_REVIEW': 'Awaiting Review',
  'return_status.APROVED': 'Approved & Awaiting Shipment',
  'return_status.IN_TRANSIT': 'In Transit',
  'return_status.DELIVERED': 'Delivered & Awaiting Inspection',
  'return_status.REFUNDED': 'Refunded',
  'return_status.REJECTED': 'Return Rejected',

  // Payments (screens): the payment panel's sandbox card form (src/domain/card-form.ts), the panel,
  // the pay-now page and /order-paid (SPEC §2 payment panel, §4 payment and invoice states).
  'card_form.number': 'Card number',
  'card_form.expiry': 'Expiry date',
  'card_form.cvc': 'Security code',
  'card_form.name': 'Name on card',
  'card_form.number_required': 'Card number is required.',
  'card_form.number_digits': 'Card number can only contain digits.',
  'card_form.number_invalid': 'Card number is not valid. Please check the digits.',
  'card_form.expiry_required': 'Expiry date is required.',
  'card_form.expiry_invalid': 'Expiry date must be a month and year, MM / YY.',
  'card_form.expiry_past': 'Expiry date is in the past. This card has expired.',
  'card_form.cvc_required': 'Security code is required.',
  'card_form.cvc_invalid': 'Security code must be {digits} digits.',
  'card_form.name_required': 'Name on card is required.',
  'card_form.name_too_long': 'Name on card can be at most {max} characters.',
  'payment.save_card': 'Save this card for next time',
  'payment.paying': 'Paying…',
  'payment.paypal_restart': 'PayPal could not take the payment with that card. Please choose another way to pay.',
  'payment.none_offered': 'Online payment is not available at the moment. Please contact us to pay for your order.',
  'payment.order_not_found': 'We could not find this order',
  'payment.order_paid': 'This order has been paid',
  'invoice.download': 'Download invoice',
  'invoice.downloading': 'Preparing your invoice…',
  'order_paid.next_check': 'We check and pack your parts, then email you when they are on their way, with the tracking details.',
  'order_paid.next_returns': 'Changed your mind? You can return parts within 30 days of paying for them: ask for a return from your orders in your account.',

  // Order history and invoices: the VAT invoice PDF's labels (server/modules/order-history).
  'invoice.pdf_title': 'VAT invoice',
  'invoice.pdf_number': 'Invoice number',
  'invoice.pdf_issued': 'Date of issue',
  'invoice.pdf_supplied': 'Time of supply (tax point)',
  'invoice.pdf_order': 'Order number',
  'invoice.pdf_order_date': 'Order date',
  'invoice.pdf_vat_number': 'VAT registration number: {number}',
  'invoice.pdf_company_number': 'Company number: {number}',
  'invoice.pdf_bill_to': 'Bill to',
  'invoice.pdf_buyer_vat': 'VAT number: {number}',
  'invoice.pdf_description': 'Description',
  'invoice.pdf_quantity': 'Qty',
  'invoice.pdf_unit_net': 'Unit price',
  'invoice.pdf_net': 'Net',
  'invoice.pdf_vat_rate': 'VAT rate',
  'invoice.pdf_vat': 'VAT',
  'invoice.pdf_gross': 'Gross',
  'invoice.pdf_part_ref': 'Part ref {tag}',
  'invoice.pdf_no_warranty': 'No warranty',
  'invoice.pdf_delivery': 'Delivery: {name}',
  'invoice.pdf_commission': 'Payment fee',
  'invoice.pdf_loyalty': 'Loyalty discount',
  'invoice.pdf_total_net': 'Total excluding VAT',
  'invoice.pdf_total_vat': 'Total VAT',
  'invoice.pdf_total_gross': 'Total including VAT',
  'invoice.pdf_discount_code': 'Discount code {name}',
  'invoice.pdf_paid': 'Amount paid',
  'invoice.pdf_currency': 'All amounts are in pounds sterling (GBP).',
  'invoice.pdf_page': 'Page {page} of {pages}',
  // Payments (server)
  'payment.mail_subject': 'Payment received for your order {number}',
  'payment.mail_text':
    'Hello {name},\n\nThank you: we have received your payment of {amount} for order {number}.\n\n{transaction}\n\nWhat happens next: we check and pack your parts and email you when they are on their way, with the tracking details.\n\nYour order and its VAT invoice: {url}\n\nPartsFinder UK',
  'payment.already_paid': 'This order has already been paid.',
  'payment.nothing_to_pay': 'There is nothing to pay for this order.',
  'payment.method_unavailable': 'This payment method is not available at the moment.',
  'payment.members_only': 'Please sign in to your account to save a card or pay with a saved card.',
  'payment.sign_in_required': 'Please sign in to see your saved cards.',
  'payment.card_removed': 'The card has been removed.',
  'payment.webhook_invalid': 'The webhook could not be verified.',
  'payment.webhook_retry': 'The payment this event refers to is not known yet. Please send it again later.',

  // Accounts (issue 15) — sign-in, registration, passwords, member details (helper A)
  'members.questionnaire_invalid': 'Please choose from the answers offered.',
  'members.questionnaire_choose': 'Please choose an answer.',
  'members.questionnaire_other': 'Please tell us more (at least {min} characters).',
  'members.registered': 'Thank you for registering, {name}. Your account is ready and you are signed in.',
  'members.email_registered': 'An account with this email address already exists. Please sign in instead.',
  'members.sign_in_required': 'Please sign in to your account.',
  'members.too_many_sign_ins': 'Too many failed sign-in attempts. Please wait {minutes} minutes and try again, or reset your password.',
  'members.reset_sent': 'If an account exists for this email address, we have sent a link to reset your password. The link works once, within 1 hour.',
  'members.reset_mail_subject': 'Reset your PartsFinder UK password',
  'members.reset_mail_text':
    'Hello {name},\n\nWe received a request to reset the password of your PartsFinder UK account. To choose a new password, open this link within 1 hour:\n\n{url}\n\nThe link works once. If you did not ask for it, you can ignore this email: your password stays as it is.\n\nPartsFinder UK',
  'members.link_invalid': 'This link has expired or has already been used. Please ask for a new one.',
  'members.current_password_wrong': 'Your current password is not correct.',
  'members.password_changed': 'Your password has been changed. Please sign in with your new password.',
  'members.guest_registered': 'Your account is ready. Please sign in with your email address and new password.',
  'members.guest_member_exists': 'An account with this email address already exists. Please sign in to it instead; your guest orders stay as they are.',
  'members.guest_link_text': 'Keep track of this order and check out faster next time: set a password to turn your details into an account (link valid for 30 days):\n{url}',
  'members.details_saved': 'Your details have been saved.',
  'members.deletion_reason_required': 'Please choose a reason.',
  'members.account_deleted': 'Your account has been deleted. We are sorry to see you go.',
  'members.deleted_customer': 'Deleted customer',

  // Accounts — VAT numbers and the VAT lookup (helper V)
  'vat_lookup.found': 'We found {name}. Please check the address we filled in.',
  'vat_lookup.not_found': 'We could not find a company registered under this VAT number. Please check the number, or type your company details.',
  'vat_lookup.unavailable': 'We cannot check VAT numbers at the moment. Please try again later, or type your company details.',

  // Accounts — returns and uploads (helper R)
  'return.required_field': 'required field',
  'return.invalid_choice': 'Please choose one of the options.',
  'return.too_long': 'At most {max} characters.',
  'return.sign_in': 'Please sign in to your account to request a return.',
  'return.not_paid': 'This order has not been paid, so its parts cannot be returned.',
  'return.refunded': 'This order has been refunded, so its parts cannot be returned.',
  'return.window_closed': 'The returns window for this order closed on {date}.',
  'return.already_open': 'A return has already been requested for this part ({status}).',
  'return.created': 'Thank you. We have received your return request and will review it shortly. We have emailed you the next steps.',
  'return.not_multipart': 'Please send the return request as a form with its photos (multipart/form-data).',
  'return.form_unreadable': 'The form could not be read. Please try again.',
  'return.too_many_fields': 'The form has too many fields.',
  'return.photo_not_image': '{file} is not a JPEG, PNG or WebP photo.',
  'return.photo_heic':
    '{file} is a HEIC photo, which we cannot accept. Please send it as a JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible).',
  'return.photo_too_large': '{file} is larger than {max} MB.',
  'return.photo_too_many_pixels': '{file} has too many pixels: at most {max} megapixels.',
  'return.photo_damaged': '{file} could not be read as a photo. It may be damaged.',
  'return.photo_trailing_data': '{file} carries other data after the end of the image, so it cannot be accepted.',
  'return.photo_empty': '{file} is empty.',
  'return.photo_too_many': 'At most {max} photos can be sent with a return; {file} is one too many.',
  'return.photos_too_many': 'At most {max} photos can be sent with a return.',
  'return.photo_one_only': 'Only one photo can be sent here; {file} is one too many.',
  'return.photo_unknown_field': '{file} was sent for a question this form does not ask.',
  'return.mail_subject': 'Your return request for order {number}',
  'return.mail_text':
    'Hello {name},\n\nThank you: we have received your request to return a part from order {number}.\n\n  Part: {part}\n  Reason: {reason}\n{answers}  Photos: {photos}\n  Return reference: {reference}\n  Status: {status}\n\nWhat happens next: we review your request, usually within two working days, and email you. If we approve it, we send you a returns label and instructions for packing the part; please keep the part and its packaging until then. Once the part is back with us and inspected, we refund you to the way you paid.\n\nYou can follow your return under My orders in your account: {url}\n\nPartsFinder UK',

  // Accounts — part requests, loyalty, wishlist (helper P)
  'part_requests.part_required': 'Please choose a part type or type the name of the part.',
  'part_requests.sign_in_required': 'Please sign in to see your part requests.',
  'loyalty.sign_in_required': 'Please sign in to see your loyalty discount.',
  'wishlist.sign_in_required': 'Please sign in to use your wishlist.',
  'wishlist.added': 'The part has been added to your wishlist.',
  'wishlist.removed': 'The part has been removed from your wishlist.',
  'wishlist.sold': 'This part has been sold, so it cannot be added to your wishlist.',
  'wishlist.part_not_found': 'We could not find this part.',

  // Issue 17: saved searches — the results page's save dialog and the account's 'Saved searches'.
  'saved_searches.save': 'Save this search',
  'saved_searches.saved': 'Search saved as “{name}”. You will find it in your account under Saved searches.',
  'saved_searches.save_failed': 'The search could not be saved. Please try again.',
  'saved_searches.intro': 'Searches you run often, with how many parts match now and how many are new since you last looked. Run one with a tap, and ask us to tell you when new parts match.',
  'saved_searches.empty': "You have no saved searches yet. Search for a part, then tap 'Save this search' to keep it here.",
  'saved_searches.alert': 'Tell me when new parts match',
  'saved_searches.alert_on': 'We will tell you when new parts match “{name}”.',
  'saved_searches.alert_off': 'We will no longer tell you about “{name}”.',
  'saved_searches.change_failed': 'The saved search could not be changed. Please try again.',
  'saved_searches.delete_confirm': 'Delete “{name}”? Its alert stops too. This cannot be undone.',

  // Accounts — sign-in and registration screens (helper C1)
  'auth.create_account_link': 'Create an account',
  'auth.password_hint': 'Your password must be {rule}.',
  'auth.vat_lookup_found': 'We found {name} and filled in its registered address. Please check it.',
  'auth.vat_lookup_not_found': 'We could not find a company with this VAT number. Please type your company details.',
  'auth.vat_lookup_unavailable': 'The company finder is not available at the moment. Please type your company details or try again later.',
  'auth.registering': 'Creating your account…',
  'auth.redirecting': 'Taking you to your account…',

  // Accounts — account area screens (helper C2)
  'account.sign_in_prompt': 'Please sign in to see your orders, returns, part requests and account details.',
  'account.wishlist_empty': 'Your wishlist is empty. Tap the heart on a part to keep it here.',
  'account.abandoned_intro': 'Orders you placed but have not paid for yet. Pay now to complete them while the parts are still available.',
  'account.cards_intro': "Cards you chose to save while paying. We keep only the card's brand, last four digits and expiry; the card itself stays with our payment provider.",
  'account.deletion_note':
    'Deleting your account removes your personal details, saved cards, wishlist and part requests, and signs you out everywhere. We keep your orders and invoices without your name, as the law requires for our accounts. This cannot be undone.',
  'account.wishlist_failed': 'The wishlist could not be changed. Please try again.',
} as const satisfies Record<string, string>;

registerMessages(moreMessages);
