-- The first drafts of the three legal documents, covering every mention French law requires of a
-- shop selling digital content to consumers: the LCEN (loi n° 2004-575, art. 6-III) for the
-- « Mentions légales »; the Code de la consommation (L111-1, L221-5, L221-28 13°, L224-25-1 and
-- following, L616-1) for the CGV; the RGPD (art. 13) for the privacy notice. The seller's identity
-- comes from « Paramètres » ({{vendeur.*}}); what only the owner can say is marked
-- [[À COMPLÉTER : …]], and publishing is refused until every marker is replaced (see
-- 20261127100000_legal_documents.sql). Nothing is published here: an operator publishes once the
-- drafts are complete (the local seed does it with the demo's fictitious values).
insert into public.legal_documents (kind, title, draft_markdown) values
('mentions-legales', 'Mentions légales', $md$
# Mentions légales

Conformément à l'article 6-III de la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l'économie numérique (LCEN), voici les informations relatives à l'éditeur et à l'hébergeur de ce site.

## Éditeur du site

- Dénomination : {{vendeur.nom}}
- Forme juridique : {{vendeur.forme_juridique}}
- Adresse du siège : {{vendeur.adresse}}
- SIRET : {{vendeur.siret}}
- Immatriculation (RCS, RNE ou RNA) : [[À COMPLÉTER : numéro d'immatriculation]]
- TVA : {{vendeur.tva}}
- Adresse électronique : {{vendeur.email}}
- Téléphone : [[À COMPLÉTER : numéro de téléphone]]

## Directeur de la publication

[[À COMPLÉTER : nom et qualité du directeur de la publication]]

## Hébergeur

[[À COMPLÉTER : nom, adresse et numéro de téléphone de l'hébergeur du site]]

## Propriété intellectuelle

Les textes, enregistrements, vidéos et images de ce site sont protégés par le droit d'auteur. Toute reproduction ou diffusion sans l'autorisation écrite de l'éditeur est interdite ; les contenus achetés sont réservés à l'usage personnel de leur acheteur.

## Données personnelles

Le traitement de vos données est décrit dans notre [politique de confidentialité](/confidentialite).
$md$),
('cgv', 'Conditions générales de vente', $md$
# Conditions générales de vente

Les présentes conditions régissent la vente de contenus numériques (enseignements au format PDF, méditations audio, rituels vidéo) sur ce site à des consommateurs. Elles sont acceptées par l'acheteur avant chaque commande ; la version acceptée est conservée avec la commande et reste consultable sur ce site.

## 1. Vendeur

{{vendeur.nom}}, {{vendeur.forme_juridique}}, dont le siège est situé {{vendeur.adresse}}, SIRET {{vendeur.siret}}, {{vendeur.tva}}.
Contact : {{vendeur.email}}, téléphone [[À COMPLÉTER : numéro de téléphone]].

## 2. Contenus proposés

Les caractéristiques essentielles de chaque contenu (titre, description, format, durée ou nombre de pages) sont présentées sur sa fiche produit, conformément à l'article L111-1 du Code de la consommation. Les contenus sont fournis sous forme de fichiers numériques : PDF (lisible avec tout lecteur PDF), audio (MP3 ou format équivalent) et vidéo (WebM ou MP4), consultables dans un navigateur récent ou téléchargeables. Aucune mesure technique ne limite leur lecture ; un PDF téléchargé porte le nom de son acheteur.

## 3. Prix

Les prix sont indiqués en euros, toutes taxes comprises ({{vendeur.tva}}). Le prix applicable est celui affiché au moment de la commande. Il n'y a aucun frais de livraison.

## 4. Commande et paiement

L'acheteur crée un compte, choisit ses contenus, accepte les présentes conditions, demande l'accès immédiat à ses contenus, puis paie sur la page sécurisée de notre prestataire de paiement. La commande est conclue dès la confirmation du paiement ; une confirmation récapitulant la commande et le consentement donné est envoyée par courrier électronique, et la facture est disponible dans l'espace client.

## 5. Mise à disposition

Les contenus sont mis à disposition immédiatement après le paiement, dans la bibliothèque de l'espace client, d'où ils peuvent être consultés et téléchargés.

## 6. Droit de rétractation

Le consommateur dispose en principe d'un délai de quatorze jours pour se rétracter (article L221-18 du Code de la consommation). Conformément à l'article L221-28 13° de ce code, **ce droit ne peut pas être exercé** pour un contenu numérique fourni sans support matériel dont l'exécution a commencé après l'accord préalable exprès du consommateur et sa reconnaissance de la perte de son droit de rétractation. Avant chaque paiement, l'acheteur demande expressément l'accès immédiat à ses contenus et reconnaît perdre son droit de rétractation dès leur mise à disposition ; ce consentement est confirmé dans le courrier de confirmation et sur la facture.

Si ce consentement n'a pas été donné, l'acheteur peut se rétracter dans les quatorze jours suivant la commande, en nous adressant une déclaration dénuée d'ambiguïté à {{vendeur.email}} ou le formulaire ci-dessous ; nous le remboursons dans les quatorze jours par le moyen de paiement utilisé.

> Formulaire de rétractation — À l'attention de {{vendeur.nom}}, {{vendeur.adresse}}, {{vendeur.email}} : je vous notifie par la présente ma rétractation du contrat portant sur la vente du contenu numérique ci-dessous. Commandé le : … Nom du consommateur : … Adresse du consommateur : … Date : …

## 7. Garanties légales

Le vendeur répond des défauts de conformité des contenus numériques dans les conditions des articles L224-25-1 et suivants du Code de la consommation : en cas de défaut, l'acheteur a droit à la mise en conformité du contenu, ou à défaut à une réduction du prix ou à la résolution du contrat. Il peut nous écrire à {{vendeur.email}}.

## 8. Service client et réclamations

Pour toute question ou réclamation : {{vendeur.email}}, ou le formulaire de contact du site.

## 9. Médiation de la consommation

Conformément à l'article L616-1 du Code de la consommation, en cas de litige non résolu par notre service client, le consommateur peut recourir gratuitement au médiateur de la consommation suivant : [[À COMPLÉTER : nom, adresse postale et site internet du médiateur de la consommation]].

## 10. Données personnelles

Les données nécessaires à la commande sont traitées comme l'explique notre [politique de confidentialité](/confidentialite).

## 11. Droit applicable

Les présentes conditions sont soumises au droit français. Le consommateur peut saisir la juridiction de son domicile ou celle du lieu de l'exécution du contrat.
$md$),
('confidentialite', 'Politique de confidentialité', $md$
# Politique de confidentialité

Cette politique explique, conformément à l'article 13 du règlement (UE) 2016/679 (RGPD), quelles données nous traitons, pourquoi, combien de temps, et quels sont vos droits.

## Responsable du traitement

{{vendeur.nom}}, {{vendeur.adresse}}, joignable à {{vendeur.email}}.
Délégué à la protection des données : [[À COMPLÉTER : coordonnées du délégué à la protection des données, ou « aucun délégué désigné »]]

## Données traitées, finalités et bases légales

- **Compte client** (adresse électronique, nom, mot de passe chiffré) : créer et gérer votre compte ; exécution du contrat.
- **Commandes et factures** (contenus achetés, montants, date, consentement donné au moment de l'achat et version des CGV acceptée) : exécuter la vente, prouver votre consentement à l'accès immédiat, tenir la comptabilité ; exécution du contrat et obligation légale.
- **Messages** (formulaire de contact et messagerie de l'espace client) : vous répondre ; intérêt légitime et exécution du contrat.
- **Téléchargements** (date et fichier) : limiter les abus et vous aider en cas de problème ; intérêt légitime.
- **Mesure d'audience** : un simple comptage des pages vues, sans cookie, sans conserver votre adresse IP ni aucun identifiant ; intérêt légitime.

## Ce que votre navigateur conserve

Ce site n'utilise **aucun cookie** ni aucun traceur. Votre navigateur conserve uniquement :

- votre **panier**, dans le stockage local (localStorage) de votre navigateur, pour le retrouver d'une visite à l'autre ;
- votre **session de connexion**, dans le stockage local, tant que vous restez connecté ;
- la page à laquelle revenir après un paiement ou une connexion, dans le stockage de session (sessionStorage), effacé à la fermeture de l'onglet ;
- une copie des pages et du catalogue déjà consultés, pour que le site reste lisible hors connexion.

Rien d'autre n'est conservé, et aucune de ces informations n'est envoyée à des tiers : les pages ne chargent aucune police, aucun script ni aucune image d'un autre site.

## Destinataires

Vos données ne sont ni vendues ni cédées. Elles sont accessibles à l'administrateur de la boutique et à nos sous-traitants, dans la seule mesure nécessaire : l'hébergeur du site et de la base de données, le prestataire de paiement (qui reçoit directement vos données de paiement, que nous ne voyons jamais) et le service d'envoi des courriers électroniques : [[À COMPLÉTER : noms des sous-traitants et, s'il y a lieu, transferts hors de l'Union européenne et leurs garanties]].

## Durées de conservation

- Compte : jusqu'à sa suppression par vous, ou trois ans après votre dernière activité.
- Commandes et factures : dix ans, comme l'exige le Code de commerce (article L123-22), détachées de votre compte si vous le supprimez.
- Messages : trois ans après le dernier échange.
- Journal des téléchargements : supprimé avec votre compte.

## Vos droits

Vous disposez des droits d'accès, de rectification, d'effacement, de limitation, de portabilité et d'opposition, ainsi que du droit de retirer votre consentement à tout moment et de définir des directives sur le sort de vos données après votre décès. Écrivez-nous à {{vendeur.email}}. Vous pouvez aussi introduire une réclamation auprès de la CNIL (www.cnil.fr).

La fourniture de votre adresse électronique est nécessaire pour créer un compte et acheter ; sans elle, nous ne pouvons pas conclure la vente. Aucune décision automatisée ni aucun profilage n'est pratiqué.
$md$);
